import { describe, expect, it } from 'vitest';
import { createQrCache } from './qr-cache.js';

const HOUR = 60 * 60 * 1000;

/** A renderer that counts its calls, with a clock the test moves. */
function setup(maxEntries?: number) {
  const drawn: string[] = [];
  let clock = Date.UTC(2026, 10, 23, 9);
  const cache = createQrCache({
    render: async (code) => {
      drawn.push(code);
      return `image of ${code}`;
    },
    maxEntries,
    now: () => clock,
  });
  return { cache, drawn, advance: (ms: number) => (clock += ms), at: (ms: number) => new Date(clock + ms) };
}

describe('discount QR cache', () => {
  it('draws a code once per window, however often the card is shown', async () => {
    const { cache, drawn, at } = setup();
    const ends = at(3 * HOUR);
    const images = await Promise.all(Array.from({ length: 5 }, () => cache.imageOf('1042-7K3Q9XHM', ends)));
    expect(images).toEqual(Array(5).fill('image of 1042-7K3Q9XHM'));
    expect(await cache.imageOf('1042-7K3Q9XHM', ends)).toBe('image of 1042-7K3Q9XHM');
    expect(drawn).toEqual(['1042-7K3Q9XHM']);
  });

  it("keeps each member's code apart", async () => {
    const { cache, drawn, at } = setup();
    expect(await cache.imageOf('1042-AAAAAAAA', at(HOUR))).toBe('image of 1042-AAAAAAAA');
    expect(await cache.imageOf('2077-BBBBBBBB', at(HOUR))).toBe('image of 2077-BBBBBBBB');
    expect(drawn).toEqual(['1042-AAAAAAAA', '2077-BBBBBBBB']);
  });

  it('lets an image go when its window ends', async () => {
    const { cache, drawn, advance, at } = setup();
    await cache.imageOf('1042-AAAAAAAA', at(HOUR));
    advance(HOUR);
    await cache.imageOf('2077-BBBBBBBB', at(HOUR));
    expect(cache.size).toBe(1);
    await cache.imageOf('1042-AAAAAAAA', at(HOUR));
    expect(drawn).toEqual(['1042-AAAAAAAA', '2077-BBBBBBBB', '1042-AAAAAAAA']);
  });

  it('holds at most its limit, dropping the least recently shown', async () => {
    const { cache, drawn, at } = setup(2);
    await cache.imageOf('A', at(HOUR));
    await cache.imageOf('B', at(HOUR));
    await cache.imageOf('A', at(HOUR));
    await cache.imageOf('C', at(HOUR));
    expect(cache.size).toBe(2);
    await cache.imageOf('A', at(HOUR));
    await cache.imageOf('B', at(HOUR));
    expect(drawn).toEqual(['A', 'B', 'C', 'B']);
  });

  it('does not keep a failed drawing', async () => {
    let fail = true;
    const cache = createQrCache({
      render: async (code) => {
        if (fail) throw new Error('worker gone');
        return `image of ${code}`;
      },
    });
    const ends = new Date(Date.now() + HOUR);
    await expect(cache.imageOf('1042-AAAAAAAA', ends)).rejects.toThrow('worker gone');
    fail = false;
    expect(await cache.imageOf('1042-AAAAAAAA', ends)).toBe('image of 1042-AAAAAAAA');
  });
});
