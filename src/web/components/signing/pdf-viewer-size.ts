/** Height of the PDF viewer (docs/product.md#documents: 500 px); its pages scroll inside it. */
export const PDF_VIEWER_HEIGHT_PX = 500;
