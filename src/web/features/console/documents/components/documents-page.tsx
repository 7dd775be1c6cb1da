import AddIcon from '@mui/icons-material/Add';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'wouter';
import type { DocumentStatus } from '@shared/api/console/documents.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useDocuments, type DocumentsListQuery } from '@web/features/console/shared/api/get-documents';
import {
  DOCUMENT_STATUS_LABELS,
  documentsParamsFromQuery,
  documentsQueryFromParams,
} from '@web/features/console/shared/lib/documents-params';
import { DocumentsList } from './documents-list';
import { IssueDocumentForm } from './issue-document-form';
import { SignedZipForm } from './signed-zip-form';
import { SearchField } from '@web/features/console/shared/components/search-field';

/** A card of the page with its heading and a Close button: issuing a document, or downloading signed ones. */
function ClosablePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id={titleId} component="h2" variant="h2">
            {title}
          </Typography>
          <Button onClick={onClose}>Close</Button>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Documents (docs/product.md#console-documents): "Issue a document" (a template to one or many people,
 * previewed first), and the documents issued within the console's scope, newest first, filtered by
 * status (All, Unsigned, Signed, Expired), searched and paged on the server, a table on wider screens
 * and cards on phones, with the signed PDF to download. Filter, search and page live in the address.
 * "Templates" leads to the stored templates (HR uploads and archives them; anyone may look). "Download
 * signed" opens the zip of a venue's documents signed in a period.
 */
export function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => documentsQueryFromParams(params), [params]);
  const documents = useDocuments(query);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [issuing, setIssuing] = useState(false);
  const listId = useId();
  const [zipping, setZipping] = useState(false);

  const changeQuery = useCallback(
    (changes: Partial<DocumentsListQuery>) =>
      setParams(documentsParamsFromQuery({ ...query, ...changes }), { replace: true }),
    [query, setParams],
  );
  const search = useCallback((text: string) => changeQuery({ search: text, page: 1 }), [changeQuery]);

  let content;
  if (documents.isError && !documents.data) {
    content = <QueryErrorAlert error={documents.error} onRetry={() => void documents.refetch()} />;
  } else if (!documents.data) {
    content = <Spinner />;
  } else {
    content = (
      <DocumentsList
        rows={documents.data.data}
        total={documents.data.meta.total}
        page={query.page}
        loading={documents.isFetching}
        phone={phone}
        onPage={(page) => changeQuery({ page })}
      />
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h1" variant="h1">
            Documents
          </Typography>
          {/* Three actions do not fit beside each other on a phone: they wrap. */}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} href="/admin/templates" startIcon={<DescriptionIcon />}>
              Templates
            </Button>
            {!zipping && (
              <Button startIcon={<DownloadIcon />} onClick={() => setZipping(true)}>
                Download signed
              </Button>
            )}
            {!issuing && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIssuing(true)}>
                Issue a document
              </Button>
            )}
          </Stack>
        </Stack>
        {issuing && (
          <ClosablePanel title="Issue a document" onClose={() => setIssuing(false)}>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Each person gets their own link by email to read and sign it.
            </Typography>
            <IssueDocumentForm onDone={() => setIssuing(false)} />
          </ClosablePanel>
        )}
        {zipping && (
          <ClosablePanel title="Download signed documents" onClose={() => setZipping(false)}>
            <SignedZipForm />
          </ClosablePanel>
        )}
        <Stack component="section" aria-labelledby={listId} spacing={1.5}>
          <Typography id={listId} component="h2" variant="h2">
            Issued
          </Typography>
          <Box
            sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 1.5, alignItems: { md: 'center' } }}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-label="Status"
              value={query.status}
              onChange={(_, value: DocumentStatus | '' | null) =>
                value !== null && changeQuery({ status: value, page: 1 })
              }
              sx={{ flexWrap: 'wrap' }}
            >
              <ToggleButton value="" sx={{ minHeight: 44, px: 2 }}>
                All
              </ToggleButton>
              {(Object.keys(DOCUMENT_STATUS_LABELS) as DocumentStatus[]).map((status) => (
                <ToggleButton key={status} value={status} sx={{ minHeight: 44, px: 2 }}>
                  {DOCUMENT_STATUS_LABELS[status].label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <SearchField
              value={query.search}
              onSearch={search}
              label="Search documents"
              placeholder="Name, email or title"
            />
          </Box>
          {content}
        </Stack>
      </Stack>
    </Container>
  );
}
