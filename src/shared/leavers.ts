/**
 * Leavers (docs/product.md#leavers): why someone left. Zod-free, so the web can use the list at run time
 * and the database can type its column.
 */
export const LEAVING_REASONS = ['resigned', 'end_of_contract', 'dismissed', 'other'] as const;
export type LeavingReason = (typeof LEAVING_REASONS)[number];
