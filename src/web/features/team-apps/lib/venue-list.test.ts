import { describe, expect, it } from 'vitest';
import { venuesWithoutOrderAndPayDiscount } from './venue-list';

describe('venuesWithoutOrderAndPayDiscount', () => {
  it('lists the three venues of both brands', () => {
    expect(venuesWithoutOrderAndPayDiscount()).toEqual([
      'The Lantern, Harrogate',
      'The Lantern, Whitby',
      'Salt & Ember, Chester',
    ]);
  });
});
