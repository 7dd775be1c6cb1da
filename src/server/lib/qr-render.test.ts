// @vitest-environment node
import QRCode from 'qrcode';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createQrRenderer, QR_OPTIONS } from './qr-render.js';

const renderer = createQrRenderer();
afterAll(() => renderer.close());

describe('QR renderer (worker thread)', () => {
  it("draws exactly qrcode's image, off the main thread", async () => {
    const image = await renderer.render('1042-7K3Q9XHM');
    expect(image).toBe(await QRCode.toDataURL('1042-7K3Q9XHM', QR_OPTIONS));
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('answers each of several requests in flight with its own image', async () => {
    const codes = ['1-AAAAAAAA', '2-BBBBBBBB', '3-CCCCCCCC', '4-DDDDDDDD'];
    const images = await Promise.all(codes.map((code) => renderer.render(code)));
    expect(images).toEqual(await Promise.all(codes.map((code) => QRCode.toDataURL(code, QR_OPTIONS))));
  });

  it('stops its worker after a while without work, and starts one again when asked', async () => {
    const idle = createQrRenderer({ idleMs: 20 });
    try {
      expect(await idle.render('6-FFFFFFFF')).toBe(await QRCode.toDataURL('6-FFFFFFFF', QR_OPTIONS));
      await vi.waitFor(() => expect(idle.running).toBe(false), { timeout: 10_000 });
      expect(await idle.render('7-GGGGGGGG')).toBe(await QRCode.toDataURL('7-GGGGGGGG', QR_OPTIONS));
    } finally {
      await idle.close();
    }
  });

  it('starts again after being closed', async () => {
    await renderer.close();
    expect(await renderer.render('5-EEEEEEEE')).toBe(await QRCode.toDataURL('5-EEEEEEEE', QR_OPTIONS));
  });
});
