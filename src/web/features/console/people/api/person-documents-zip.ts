/**
 * GET /api/admin/people/<id>/documents.zip (docs/product.md#signed-documents-as-a-zip): every document the
 * person signed, each signed PDF beside its evidence, as one zip the server streams. A plain address:
 * the browser saves it as it arrives, however large, rather than the page holding it.
 */
export const personDocumentsZipUrl = (id: string) => `/api/admin/people/${encodeURIComponent(id)}/documents.zip`;
