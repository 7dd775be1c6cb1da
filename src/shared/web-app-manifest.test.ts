// @vitest-environment node
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRANDS, getBrand } from './brands.js';
import { icoOf, iconSvg, webAppManifest } from './web-app-manifest.js';

const logoOf = (id: string) => fs.readFileSync(`src/web/public/brands/${id}/logo.svg`, 'utf8');

describe('the web app manifest of a brand', () => {
  it('is installable as a standalone app in the brand’s name and colours, with its own icons', () => {
    const manifest = webAppManifest(getBrand('salt-and-ember'));
    expect(manifest).toMatchObject({
      name: 'Salt & Ember Staffroom',
      short_name: 'Staffroom',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#7a2e1d',
      background_color: '#faf6f2',
    });
    expect(manifest.icons).toEqual([
      { src: '/brands/salt-and-ember/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/brands/salt-and-ember/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/brands/salt-and-ember/icons/maskable-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'maskable',
      },
      {
        src: '/brands/salt-and-ember/icons/maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
  });
});

describe('a brand icon', () => {
  it('draws the logo’s mark without its wordmark, on the brand colour', () => {
    for (const brand of BRANDS) {
      const svg = iconSvg(logoOf(brand.id), brand, 192, 'tile');
      expect(svg).toContain(`fill="${brand.palette.primary}"`);
      expect(svg).not.toMatch(/<text|<title/);
      // The mark's flame is there.
      expect(svg).toContain('<path');
    }
    expect(() => iconSvg('<png/>', BRANDS[0], 192, 'tile')).toThrow(/not an SVG/);
  });

  it('keeps a maskable icon’s mark inside the middle 80 % circle, with the corners in the brand colour', async () => {
    const brand = getBrand('lantern-inns');
    const side = 512;
    const { data } = await sharp(Buffer.from(iconSvg(logoOf(brand.id), brand, side, 'full-bleed')))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * side + x) * 4, (y * side + x) * 4 + 3)];
    const primary = [0x1f, 0x3a, 0x5f];
    // Outside the safe circle every pixel is the background.
    for (let y = 0; y < side; y += 8)
      for (let x = 0; x < side; x += 8)
        if (Math.hypot(x - side / 2, y - side / 2) > side * 0.4) expect(at(x, y), `${x},${y}`).toEqual(primary);
    expect(at(side / 2, side / 2)).not.toEqual(primary);
  });
});

describe('an ICO file', () => {
  it('lists each PNG with its side, length and offset after a header a browser reads', () => {
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([4, 5]);
    const ico = icoOf([
      { side: 16, png: a },
      { side: 256, png: b },
    ]);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 2]);
    // First entry: 16 px, 32 bits a pixel, 3 bytes at offset 6 + 2 * 16.
    expect([ico[6], ico[7], view.getUint32(14, true), view.getUint32(18, true)]).toEqual([16, 16, 3, 38]);
    expect(view.getUint16(12, true)).toBe(32);
    // 256 px is written as 0.
    expect([ico[22], ico[23], view.getUint32(30, true), view.getUint32(34, true)]).toEqual([0, 0, 2, 41]);
    expect([...ico.subarray(38)]).toEqual([1, 2, 3, 4, 5]);
    expect(() => icoOf([{ side: 300, png: a }])).toThrow(/1 to 256/);
  });
});
