import { BRANDS } from '@shared/brands.js';

/**
 * The venues across the group whose order-and-pay app has no user accounts, so team discount does
 * not work there for order and pay (docs/product.md#team-apps: Team apps), in brand order.
 */
export function venuesWithoutOrderAndPayDiscount(): string[] {
  return BRANDS.flatMap((brand) => [...brand.noOrderAndPayDiscountVenues]);
}
