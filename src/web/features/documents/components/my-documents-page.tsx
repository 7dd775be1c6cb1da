import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'wouter';
import type { MyDocument } from '@shared/api/documents.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { formatDisplayDate } from '@web/lib/format-date';
import { useMyDocuments } from '../api/get-my-documents';
import { useDocumentsT } from '../i18n';
import { myDocumentState } from './my-document-state';

/** One document's line: its title, its kind and date, and where it stands. */
function DocumentRow({ document }: { document: MyDocument }) {
  const t = useDocumentsT();
  const state = myDocumentState(document, t);
  const issued = formatDisplayDate(document.issued_at);
  return (
    <ListItemButton
      component={Link}
      href={`/my-documents/${document.id}`}
      sx={{ py: 1.5, gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <ListItemText
        primary={document.title}
        secondary={
          document.kind === 'contract'
            ? t('documents.my.contractIssued', { date: issued })
            : t('documents.my.agreementIssued', { date: issued })
        }
        // The title is HR's, in English whatever the page's language.
        slotProps={{ primary: { lang: 'en-GB', sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
        sx={{ flex: '1 1 12rem', my: 0 }}
      />
      {/* Together: wrapped under a long title or a longer language, the chevron stays by the state. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Chip
          label={state.label}
          color={state.color}
          size="small"
          variant={state.color === 'default' ? 'outlined' : 'filled'}
          // A longer language wraps the label rather than cutting it short.
          sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </Box>
    </ListItemButton>
  );
}

/**
 * My Documents (docs/product.md#my-documents): every contract and agreement issued to the member, newest
 * first, each opening its page: to sign while it waits, or its signed PDF to read and download.
 */
export function MyDocumentsPage() {
  const documents = useMyDocuments();
  const t = useDocumentsT();
  let body;
  if (documents.isPending) {
    body = <Spinner />;
  } else if (documents.isError) {
    body = <QueryErrorAlert error={documents.error} onRetry={() => void documents.refetch()} />;
  } else if (documents.data.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography component="p" variant="h3">
          {t('documents.my.empty')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('documents.my.emptyText')}
        </Typography>
      </Paper>
    );
  } else {
    body = (
      <Paper variant="outlined">
        <List disablePadding aria-label={t('documents.my.list')}>
          {documents.data.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h1">
        {t('documents.my.heading')}
      </Typography>
      <Typography sx={{ mt: 2, mb: 3 }}>{t('documents.my.intro')}</Typography>
      {body}
    </Container>
  );
}
