/**
 * Query key of the signed-in staff member (`GET /staff/self-service/me`). It lives here rather than
 * in the auth feature so that any feature saving part of the record can replace the cached answer
 * with the refreshed staff member (docs/product.md#auth: after each save the user is updated).
 */
export const ME_QUERY_KEY = ['me'] as const;
