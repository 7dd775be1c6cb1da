/**
 * GET /api/admin/documents.zip?venue_id&from&to (docs/product.md#signed-documents-as-a-zip): every document
 * signed by a venue's people on the UK days `from` to `to`, each signed PDF beside its evidence, as one
 * zip the server streams. A plain address: the browser saves it as it arrives, however large.
 */
export function documentsZipUrl(query: { venueId: string; from: string; to: string }): string {
  const params = new URLSearchParams({ venue_id: query.venueId, from: query.from, to: query.to });
  return `/api/admin/documents.zip?${params.toString()}`;
}
