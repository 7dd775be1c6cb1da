import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import type { StaffImportAction, StaffImportReport, StaffImportRow } from '@shared/api/console/staff-import';
import { ACTION_SHOWN } from './import-counts';

const PER_PAGE = 50;

/** What a row's last column says: why it is refused, or what an update changes. */
const detailOf = (row: StaffImportRow): string =>
  row.action === 'refused' ? row.reasons.join(' ') : row.action === 'update' ? `Changes ${row.changes.join(', ')}` : '';

/**
 * The rows of a staff import, 50 a page, filtered by action (the refused ones first when there are
 * any): a table from `sm` up, a card a row on phones. Each shows its line in the file, the person, the
 * action and why (or what changes).
 */
export function ImportRows({
  rows,
  counts,
  applied,
}: {
  rows: StaffImportRow[];
  counts: StaffImportReport['counts'];
  applied: boolean;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [filter, setFilter] = useState<StaffImportAction | 'all'>(counts.refused ? 'refused' : 'all');
  const [page, setPage] = useState(0);
  const shown = useMemo(() => (filter === 'all' ? rows : rows.filter((r) => r.action === filter)), [rows, filter]);
  const pageRows = shown.slice(page * PER_PAGE, (page + 1) * PER_PAGE);

  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_, value: StaffImportAction | 'all' | null) => {
          if (!value) return;
          setFilter(value);
          setPage(0);
        }}
        aria-label="Show rows"
        // Tall enough to tap on a phone (docs/product.md#frame).
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { minHeight: { xs: 44, sm: 0 } } }}
      >
        <ToggleButton value="all">All {rows.length.toLocaleString('en-GB')}</ToggleButton>
        {(['refused', 'create', 'update', 'unchanged'] as const)
          .filter((action) => counts[action] > 0)
          .map((action) => (
            <ToggleButton key={action} value={action}>
              {ACTION_SHOWN[action].label} {counts[action].toLocaleString('en-GB')}
            </ToggleButton>
          ))}
      </ToggleButtonGroup>
      {phone ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Rows of the file">
          {pageRows.map((row) => (
            <Paper component="li" variant="outlined" key={row.line} sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.name || '(no name)'}</Typography>
                <ActionChip action={row.action} applied={applied} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Line {row.line} · {row.email || '(no email)'}
              </Typography>
              {detailOf(row) && (
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                  color={row.action === 'refused' ? 'error' : 'text.primary'}
                >
                  {detailOf(row)}
                </Typography>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Rows of the file">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Person</TableCell>
                <TableCell>Payroll id</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Why, or what changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Box>{row.name || '(no name)'}</Box>
                    <Typography variant="body2" color="text.secondary">
                      {row.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{row.payroll_id}</TableCell>
                  <TableCell>
                    <ActionChip action={row.action} applied={applied} />
                  </TableCell>
                  <TableCell
                    sx={{ color: row.action === 'refused' ? 'error.main' : undefined, overflowWrap: 'anywhere' }}
                  >
                    {detailOf(row)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {shown.length > PER_PAGE && (
        <TablePagination
          component="div"
          count={shown.length}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[]}
          labelDisplayedRows={({ from, to, count }) => `${from}-${to} of ${count.toLocaleString('en-GB')}`}
        />
      )}
    </Stack>
  );
}

function ActionChip({ action, applied }: { action: StaffImportAction; applied: boolean }) {
  return (
    <Chip
      size="small"
      color={ACTION_SHOWN[action].color}
      variant={action === 'unchanged' ? 'outlined' : 'filled'}
      label={ACTION_SHOWN[action][applied ? 'doneLabel' : 'label']}
    />
  );
}
