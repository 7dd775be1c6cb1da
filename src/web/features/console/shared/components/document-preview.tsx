import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentPreview as Preview } from '@shared/api/console/documents.js';
import { DocumentView } from '@web/components/signing/document-view';

/**
 * A template merged for one person (docs/product.md#document-templates), shown by the same viewer as
 * the signing page (DocumentView: the sanitised HTML in its scrolling box, or the PDF in pdf.js), so
 * HR sees exactly what the person will. An uploaded PDF has no address yet: it is sent as it is.
 */
export function DocumentPreview({ preview, person }: { preview: Preview; person: string }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={`Preview for ${person}`}>
      <Typography component="h3" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
        {preview.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        As {person} will see it
      </Typography>
      {preview.html || preview.pdf_uri ? (
        <DocumentView html={preview.html} pdfUrl={preview.pdf_uri} title={preview.title} />
      ) : (
        <Alert severity="info">
          This PDF is sent as it is, exactly as the file you chose: there are no merge fields to fill in.
        </Alert>
      )}
    </Stack>
  );
}
