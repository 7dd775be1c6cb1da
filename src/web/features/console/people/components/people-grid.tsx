import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { PersonRow } from '@shared/api/console/people.js';
import { formatDisplayDate } from '@web/lib/format-date';
import type { PeopleListQuery, PeopleSort } from '@web/features/console/shared/api/get-people';
import { leavingText } from '../lib/leaving';
import { ROLE_LABELS } from '../lib/onboarding-stage';
import { PEOPLE_PER_PAGE, PEOPLE_SORTS } from '../lib/people-params';
import { OnboardingChip } from './onboarding-chip';

const SORTABLE = new Set<string>(PEOPLE_SORTS.map(({ value }) => value));

export interface PeopleGridProps {
  rows: PersonRow[];
  /** Everyone the search finds, on every page. */
  total: number;
  query: PeopleListQuery;
  /** Shows the grid's progress bar over the rows it has while the next page or sort loads. */
  loading: boolean;
  onQueryChange: (changes: Partial<PeopleListQuery>) => void;
  /** Opens a person's page. */
  onOpen: (id: string) => void;
  /** The address of a person's page, for the link on their name. */
  hrefOf: (id: string) => string;
}

/**
 * The people table on wider screens (docs/product.md#people), an MUI X Data Grid (community edition)
 * paged and sorted on the server: the grid shows the page it is given and reports page and sort
 * changes, which become the next call's `page`, `sort` and `direction`. Only name, venue, position
 * and start date sort; the server sorts on nothing else. Its own chunk: only the console loads it.
 */
export default function PeopleGrid({ rows, total, query, loading, onQueryChange, onOpen, hrefOf }: PeopleGridProps) {
  const columns = useMemo(() => {
    const all: GridColDef<PersonRow>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          // A real link, so the name opens in a new tab too and the keyboard reaches it.
          <Link component={RouterLink} href={hrefOf(row.id)} sx={{ fontWeight: 600 }}>
            {row.name}
          </Link>
        ),
      },
      { field: 'email_address', headerName: 'Email', flex: 1.3, minWidth: 190 },
      { field: 'venue', headerName: 'Venue', flex: 1, minWidth: 165 },
      { field: 'position', headerName: 'Position', flex: 0.9, minWidth: 130 },
      {
        field: 'start_date',
        headerName: 'Start date',
        width: 105,
        valueFormatter: (value: string | null) => (value ? formatDisplayDate(value) : ''),
      },
      {
        field: 'onboarding',
        headerName: 'Onboarding',
        width: 132,
        renderCell: ({ row }) => <OnboardingChip stage={row.onboarding} />,
      },
      {
        field: 'initial_training_complete',
        headerName: 'Training',
        width: 95,
        valueFormatter: (value: boolean) => (value ? 'Complete' : 'Not yet'),
      },
      {
        field: 'has_selfie',
        headerName: 'Picture',
        width: 78,
        valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
      },
      {
        field: 'role',
        headerName: 'Role',
        width: 120,
        valueFormatter: (value: PersonRow['role']) => (value ? ROLE_LABELS[value] : ''),
      },
      {
        field: 'leaving_date',
        headerName: 'Leaving',
        width: 130,
        valueGetter: (_value, row) => leavingText(row) ?? '',
      },
    ];
    return all.map((column) => ({ ...column, sortable: SORTABLE.has(column.field) }));
  }, [hrefOf]);

  // The same objects while the query stands: the grid takes a new sort model for a new sort, and
  // goes back to the first page.
  const sortModel = useMemo<GridSortModel>(
    () => [{ field: query.sort, sort: query.direction }],
    [query.sort, query.direction],
  );
  const paginationModel = useMemo(() => ({ page: query.page - 1, pageSize: PEOPLE_PER_PAGE }), [query.page]);

  return (
    // A flex column: the grid is as tall as its 25 rows and the page scrolls, not a box inside it.
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      <DataGrid
        aria-label="People"
        rows={rows}
        columns={columns}
        rowCount={total}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={(model) => onQueryChange({ page: model.page + 1 })}
        pageSizeOptions={[PEOPLE_PER_PAGE]}
        sortModel={sortModel}
        // The server always sorts by something: a third click turns the order round rather than off.
        sortingOrder={['asc', 'desc']}
        onSortModelChange={(model) => {
          const [first] = model;
          onQueryChange({ sort: (first?.field ?? 'name') as PeopleSort, direction: first?.sort ?? 'asc', page: 1 });
        }}
        disableColumnFilter
        disableRowSelectionOnClick
        onRowClick={({ id }, event) => {
          // The name's own link has already navigated.
          if ((event.target as Element).closest('a')) return;
          onOpen(String(id));
        }}
        localeText={{ noRowsLabel: 'No one matches' }}
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Box>
  );
}
