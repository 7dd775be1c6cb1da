/**
 * Marks an end-to-end test as one that shows a departure from the specification: the `id` is a row of
 * docs/product.md#departures-from-the-specification, and tests/repo/departures.test.ts fails when a
 * departure named here is missing from that list. Use as `test.info().annotations.push(departure('id'))` at the start of a test.
 */
export function departure(id: string): { type: 'departure'; description: string } {
  return { type: 'departure', description: id };
}
