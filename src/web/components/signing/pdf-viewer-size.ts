/** Height of the PDF viewer (spec §9: 500 px); its pages scroll inside it. */
export const PDF_VIEWER_HEIGHT_PX = 500;
