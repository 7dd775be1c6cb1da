import Box from '@mui/material/Box';

/** Tallest the document box grows before it scrolls (docs/product.md#documents: contract HTML box 400 px). */
export const HTML_DOCUMENT_MAX_HEIGHT = 400;

/**
 * A document's HTML (contract or agreement text) in a scrollable box. The server sanitises the
 * HTML before sending it, so it is inserted as is. The box is a focusable region so keyboard
 * users can scroll it too. HR writes the documents in English: marked so, a screen reader reads
 * them in English on a page in another language.
 */
export function HtmlDocument({ html, title }: { html: string; title: string }) {
  return (
    <Box
      role="region"
      aria-label={title}
      tabIndex={0}
      lang="en-GB"
      sx={{
        maxHeight: HTML_DOCUMENT_MAX_HEIGHT,
        overflowY: 'auto',
        overflowWrap: 'anywhere',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        px: { xs: 2, sm: 3 },
        py: 2,
        typography: 'body2',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        '& h1, & h2, & h3, & h4': { typography: 'h3', mt: 2, mb: 1 },
        '& > :first-of-type': { mt: 0 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse' },
        '& td, & th': { border: 1, borderColor: 'divider', p: 0.5 },
        // On paper the whole text, not the part the box shows (docs/product.md#printing).
        '@media print': { maxHeight: 'none', overflow: 'visible', border: 0, px: 0 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
