/**
 * Stable addresses of stored files (docs/product.md#downloads), shared by the server that answers them
 * and the web that keeps them in answers. Plain strings, so the web can use them without the contract.
 */

/**
 * `GET /api/rest/file/open/<id>`: with the owner's session, redirects to a fresh signed address of the
 * file (5 minutes), shown inline where its type allows. Kept as a survey file answer's `uri`.
 */
export const fileOpenPath = (fileId: string): string => `/api/rest/file/open/${fileId}`;
