import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { RightToWorkList, RightToWorkRow } from '@shared/api/console/right-to-work.js';
import { RIGHT_TO_WORK_KIND_LABELS } from '@shared/right-to-work';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { formatDisplayDate } from '@web/lib/format-date';
import { useRightToWork, type RightToWorkParams } from '../api/get-right-to-work';

const LISTS: { list: RightToWorkList; label: string; empty: string }[] = [
  { list: 'none', label: 'No check', empty: 'Everyone has a recorded check.' },
  { list: 'expiring', label: 'Expiring in 90 days', empty: 'No permission expires in the next 90 days.' },
  { list: 'expired', label: 'Expired', empty: 'No one’s permission has expired.' },
];

/** The date a row is sorted by: the start date for people without a check, else the permission's expiry. */
const dateOf = (row: RightToWorkRow, list: RightToWorkList) =>
  list === 'none' ? row.start_date : (row.check?.permission_expires_on ?? null);

const dateLabel = (list: RightToWorkList) => (list === 'none' ? 'Start date' : 'Permission expires');

/**
 * The right-to-work view `/admin/right-to-work` (docs/product.md#right-to-work-records): three lists,
 * each with its count (people without a recorded check, by start date; permission expiring within 90
 * days and expired, by expiry), paged on the server and sorted by that date either way. A name opens
 * the person's page, where HR records a check. A table on wider screens, one card a person on phones.
 */
export function RightToWorkPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useState<RightToWorkParams>({ list: 'none', page: 1, per_page: 25, direction: 'asc' });
  const query = useRightToWork(params);
  const answer = query.data;
  const current = LISTS.find((l) => l.list === params.list)!;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        Right to work
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        People still working here without a recorded check, and time-limited permission to follow up.
      </Typography>
      <Tabs
        value={params.list}
        onChange={(_, list: RightToWorkList) => setParams({ ...params, list, page: 1 })}
        variant={phone ? 'fullWidth' : 'standard'}
        aria-label="Right-to-work lists"
        sx={{ mb: 2 }}
      >
        {LISTS.map(({ list, label }) => (
          <Tab
            key={list}
            value={list}
            label={answer ? `${label} (${answer.meta.counts[list]})` : label}
            sx={phone ? { px: 0.5, fontSize: '0.8rem' } : undefined}
          />
        ))}
      </Tabs>
      {query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !answer ? (
        <Spinner minHeight="30vh" />
      ) : (
        <Card>
          {query.isFetching && <LinearProgress aria-label="Loading" />}
          {answer.data.length === 0 ? (
            <Alert severity="success" sx={{ m: 2 }}>
              {current.empty}
            </Alert>
          ) : phone ? (
            <Stack component="ul" sx={{ m: 0, p: 0 }}>
              <Box sx={{ px: 2, pt: 1.5 }}>
                <TableSortLabel
                  active
                  direction={params.direction}
                  onClick={() =>
                    setParams({ ...params, direction: params.direction === 'asc' ? 'desc' : 'asc', page: 1 })
                  }
                >
                  {dateLabel(params.list)}
                </TableSortLabel>
              </Box>
              {answer.data.map((row) => (
                <Box
                  component="li"
                  key={row.person.id}
                  sx={{ listStyle: 'none', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Link component={RouterLink} href={`/admin/people/${row.person.id}`} sx={{ fontWeight: 600 }}>
                    {row.person.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {row.person.venue ?? 'No venue'}
                  </Typography>
                  <Typography variant="body2">{rowSummary(row, params.list)}</Typography>
                </Box>
              ))}
            </Stack>
          ) : (
            <Table size="small" aria-label={current.label}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Venue</TableCell>
                  <TableCell sortDirection={params.direction}>
                    <TableSortLabel
                      active
                      direction={params.direction}
                      onClick={() =>
                        setParams({ ...params, direction: params.direction === 'asc' ? 'desc' : 'asc', page: 1 })
                      }
                    >
                      {dateLabel(params.list)}
                    </TableSortLabel>
                  </TableCell>
                  {params.list !== 'none' && <TableCell>Follow-up check</TableCell>}
                  {params.list !== 'none' && <TableCell>Last check</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.data.map((row) => (
                  <TableRow key={row.person.id}>
                    <TableCell>
                      <Link component={RouterLink} href={`/admin/people/${row.person.id}`}>
                        {row.person.name}
                      </Link>
                    </TableCell>
                    <TableCell>{row.person.venue ?? '—'}</TableCell>
                    <TableCell>{shownDate(dateOf(row, params.list))}</TableCell>
                    {params.list !== 'none' && <TableCell>{shownDate(row.check?.follow_up_on ?? null)}</TableCell>}
                    {params.list !== 'none' && (
                      <TableCell>
                        {row.check
                          ? `${RIGHT_TO_WORK_KIND_LABELS[row.check.kind]}, ${formatDisplayDate(row.check.checked_on)}`
                          : '—'}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <TablePagination
            component="div"
            count={answer.meta.total}
            page={params.page - 1}
            rowsPerPage={params.per_page}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_, page) => setParams({ ...params, page: page + 1 })}
            onRowsPerPageChange={(e) => setParams({ ...params, per_page: Number(e.target.value), page: 1 })}
            labelRowsPerPage={phone ? 'Rows' : 'Rows per page'}
          />
        </Card>
      )}
    </Container>
  );
}

const shownDate = (date: string | null) => (date ? formatDisplayDate(date) : '—');

/** A phone card's line: when they start, or when the permission ends and when to check again. */
function rowSummary(row: RightToWorkRow, list: RightToWorkList): string {
  if (list === 'none') return row.start_date ? `Starts ${formatDisplayDate(row.start_date)}` : 'No start date';
  const ends = shownDate(row.check?.permission_expires_on ?? null);
  const follow = shownDate(row.check?.follow_up_on ?? null);
  return list === 'expired' ? `Expired ${ends} · follow-up was ${follow}` : `Expires ${ends} · follow-up ${follow}`;
}
