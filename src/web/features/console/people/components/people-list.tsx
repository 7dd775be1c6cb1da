import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { PersonRow } from '@shared/api/console/people.js';
import { formatDisplayDate } from '@web/lib/format-date';
import type { PeopleListQuery, PeopleSort } from '@web/features/console/shared/api/get-people';
import { leavingText } from '../lib/leaving';
import { ROLE_LABELS } from '../lib/onboarding-stage';
import { PEOPLE_PER_PAGE, PEOPLE_SORTS } from '../lib/people-params';
import { OnboardingChip } from './onboarding-chip';

export interface PeopleListProps {
  rows: PersonRow[];
  total: number;
  query: PeopleListQuery;
  loading: boolean;
  onQueryChange: (changes: Partial<PeopleListQuery>) => void;
  hrefOf: (id: string) => string;
}

/** One line of what the table's other columns say, for a person on a phone. */
function summaryOf(row: PersonRow): string {
  return [
    leavingText(row) ?? (row.start_date ? `Starts ${formatDisplayDate(row.start_date)}` : ''),
    `Training ${row.initial_training_complete ? 'complete' : 'not yet'}`,
    row.has_selfie ? 'Picture' : 'No picture',
    row.role ? ROLE_LABELS[row.role] : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The people list on phones (docs/product.md#people): the same page of people, sort and paging as
 * the table of wider screens, one tappable entry a person, so nothing scrolls sideways.
 */
export function PeopleList({ rows, total, query, loading, onQueryChange, hrefOf }: PeopleListProps) {
  const descending = query.direction === 'desc';
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Sort by"
          value={query.sort}
          onChange={(event) => onQueryChange({ sort: event.target.value as PeopleSort, page: 1 })}
          sx={{ minWidth: 160 }}
        >
          {PEOPLE_SORTS.map(({ value, label }) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          aria-label={descending ? 'Sorted descending: sort ascending' : 'Sorted ascending: sort descending'}
          onClick={() => onQueryChange({ direction: descending ? 'asc' : 'desc', page: 1 })}
        >
          {descending ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
        </IconButton>
      </Stack>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {/* Keeps its height while idle, so the list does not jump when a page starts loading. */}
        <LinearProgress aria-label="Loading people" sx={{ visibility: loading ? 'visible' : 'hidden' }} />
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No one matches
          </Typography>
        ) : (
          <List aria-label="People" disablePadding>
            {rows.map((row) => (
              <ListItem key={row.id} disablePadding divider>
                <ListItemButton component={RouterLink} href={hrefOf(row.id)} sx={{ display: 'block', py: 1.5 }}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                    <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{row.name}</Typography>
                    <OnboardingChip stage={row.onboarding} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {row.email_address}
                  </Typography>
                  <Typography variant="body2">
                    {[row.venue, row.position].filter(Boolean).join(' · ') || 'No venue'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {summaryOf(row)}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <TablePagination
            component="div"
            count={total}
            // Never past the last page (MUI refuses one), e.g. a stale `?page=` after a search.
            page={Math.min(query.page - 1, Math.max(0, Math.ceil(total / PEOPLE_PER_PAGE) - 1))}
            rowsPerPage={PEOPLE_PER_PAGE}
            rowsPerPageOptions={[]}
            onPageChange={(_, page) => onQueryChange({ page: page + 1 })}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
