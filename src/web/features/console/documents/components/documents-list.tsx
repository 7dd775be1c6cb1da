import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Link as RouterLink } from 'wouter';
import type { ConsoleDocument } from '@shared/api/console/documents.js';
import { formatDisplayDate } from '@web/lib/format-date';
import { DOCUMENTS_PER_PAGE } from '@web/features/console/shared/api/get-documents';
import { DOCUMENT_STATUS_LABELS, KIND_LABELS } from '@web/features/console/shared/lib/documents-params';

export interface DocumentsListProps {
  rows: ConsoleDocument[];
  total: number;
  page: number;
  loading: boolean;
  /** Phones get one card a document; wider screens a table. */
  phone: boolean;
  onPage: (page: number) => void;
}

const personHref = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

function StatusChip({ document }: { document: ConsoleDocument }) {
  const { label, colour } = DOCUMENT_STATUS_LABELS[document.status];
  return (
    <Chip size="small" label={label} color={colour} variant={document.status === 'expired' ? 'outlined' : 'filled'} />
  );
}

/**
 * When it was signed, or until when (or since when) its link works. A contract issued with an invitation
 * has no link of its own (no `expires_at`): the joiner signs it as a step of onboarding, so until then it
 * is waiting for that step, not signed (docs/product.md#console-documents).
 */
function stateText(document: ConsoleDocument): string {
  if (document.signed_at) return `Signed ${formatDisplayDate(document.signed_at)}`;
  if (!document.expires_at) return 'To be signed during onboarding';
  return `${document.status === 'expired' ? 'Link expired' : 'Link works until'} ${formatDisplayDate(document.expires_at)}`;
}

/** "Download signed PDF" for a signed document: the signed PDF with its certificate page. */
function DownloadSigned({ document }: { document: ConsoleDocument }) {
  if (!document.signed_pdf) return null;
  return (
    <Button
      component="a"
      href={document.signed_pdf}
      download
      size="small"
      startIcon={<DownloadIcon />}
      aria-label={`Download signed PDF: ${document.title}, ${document.person.name}`}
    >
      Download signed PDF
    </Button>
  );
}

/**
 * The documents issued within the console's scope (docs/product.md#console-documents), a page at a time:
 * person (to their page), title, kind, issued, signed or link expiry, status, and for a signed one the
 * signed PDF to download. A table on wider screens, a card a document on phones.
 */
export function DocumentsList({ rows, total, page, loading, phone, onPage }: DocumentsListProps) {
  const pagination = (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page - 1, Math.max(0, Math.ceil(total / DOCUMENTS_PER_PAGE) - 1))}
      rowsPerPage={DOCUMENTS_PER_PAGE}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPage(next + 1)}
    />
  );
  const progress = (
    <LinearProgress aria-label="Loading documents" sx={{ visibility: loading ? 'visible' : 'hidden' }} />
  );
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {progress}
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          No documents match
        </Typography>
      </Paper>
    );
  }
  if (phone) {
    return (
      <Stack spacing={1.5}>
        {progress}
        {rows.map((document) => (
          <Card
            key={document.id}
            component="article"
            aria-label={`${document.title}, ${document.person.name}`}
            variant="outlined"
          >
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {document.title}
                </Typography>
                <StatusChip document={document} />
              </Stack>
              <Link component={RouterLink} href={personHref(document.person.id)} sx={{ overflowWrap: 'anywhere' }}>
                {document.person.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {[KIND_LABELS[document.kind], document.person.venue].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2">Issued {formatDisplayDate(document.issued_at)}</Typography>
              <Typography variant="body2">{stateText(document)}</Typography>
              <Box sx={{ mt: 1 }}>
                <DownloadSigned document={document} />
              </Box>
            </CardContent>
          </Card>
        ))}
        <Paper variant="outlined">{pagination}</Paper>
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {progress}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Documents">
          <TableHead>
            <TableRow>
              <TableCell>Person</TableCell>
              <TableCell>Title</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Issued</TableCell>
              <TableCell>Signed or expiry</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>
                <span style={visuallyHidden}>Signed PDF</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((document) => (
              <TableRow key={document.id}>
                <TableCell>
                  <Link component={RouterLink} href={personHref(document.person.id)}>
                    {document.person.name}
                  </Link>
                  {document.person.venue && (
                    <Typography variant="body2" color="text.secondary">
                      {document.person.venue}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{document.title}</TableCell>
                <TableCell>{KIND_LABELS[document.kind]}</TableCell>
                <TableCell>{formatDisplayDate(document.issued_at)}</TableCell>
                <TableCell>{stateText(document)}</TableCell>
                <TableCell>
                  <StatusChip document={document} />
                </TableCell>
                <TableCell align="right">
                  <DownloadSigned document={document} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>{pagination}</Box>
    </Paper>
  );
}
