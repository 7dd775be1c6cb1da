import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'wouter';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { usePeople, type PeopleListQuery, type PeopleStatus } from '@web/features/console/shared/api/get-people';
import { cursorFor, cursorsAfterMove, NO_CURSORS } from '../lib/page-cursors';
import { rememberPeopleListAddress } from '../lib/people-list-address';
import { PEOPLE_STATUSES, peopleParamsFromQuery, peopleQueryFromParams } from '../lib/people-params';
import { PeopleList } from './people-list';
import { SearchField } from '@web/features/console/shared/components/search-field';

const loadGrid = () => import('./people-grid');
// The Data Grid is the console's heaviest part and only wider screens show it: phones never fetch it.
const PeopleGrid = lazy(loadGrid);
// HR's Add person form (and its form library) loads when opened: the people list is the console's heaviest first load.
const AddPersonDialog = lazy(() => import('./add-person-dialog').then((m) => ({ default: m.AddPersonDialog })));

/**
 * Starts fetching the table's code as the page's own code runs on a wider screen, in parallel with
 * the people call, rather than after the first render (scripts/check-budgets.ts counts it in /admin/people).
 */
export function prefetchPeopleGrid(): void {
  if (typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 900px)').matches) void loadGrid();
}

/** The address of a person's page. */
const personHref = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

/**
 * People (docs/product.md#people): a search over name and email, then the people the console may
 * see, 25 a page, paged and sorted on the server; a table on wider screens, a list on phones. Search,
 * page, sort and the filter by leaving (current, leaving, left: docs/product.md#leavers) live in the address
 * (`?search=&page=&sort=&direction=&status=`), so a reload or Back keeps them.
 * HR also has "Add person" (someone who skips onboarding); the new person's page opens once added.
 */
export function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const query = useMemo(() => peopleQueryFromParams(params), [params]);
  // The next page is read on from the cursor the page shown gave, not by offset: a deep page then costs
  // what the first does. The address keeps the page number only, so a reload pages by offset.
  const [cursors, setCursors] = useState(NO_CURSORS);
  const after = cursorFor(cursors, query);
  const people = usePeople(after ? { ...query, after } : query);
  const shown = people.isPlaceholderData ? undefined : people.data?.meta;
  const theme = useTheme();
  // Read at once (no server rendering here), so a phone never starts on the table.
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const me = useConsoleMe();
  const [adding, setAdding] = useState(false);

  const changeQuery = useCallback(
    // Replacing the entry: Back leaves the list rather than stepping through every page and search.
    (changes: Partial<PeopleListQuery>) => {
      const next = { ...query, ...changes };
      setCursors((now) => cursorsAfterMove(now, query, next, shown));
      setParams(peopleParamsFromQuery(next), { replace: true });
    },
    [query, setParams, shown],
  );
  // A new search starts from its first page.
  const search = useCallback((text: string) => changeQuery({ search: text, page: 1 }), [changeQuery]);

  useEffect(() => {
    const suffix = peopleParamsFromQuery(query).toString();
    rememberPeopleListAddress(`/admin/people${suffix ? `?${suffix}` : ''}`);
  }, [query]);

  const rows = people.data?.data ?? [];
  const total = people.data?.meta.total ?? 0;
  let content;
  if (people.isError) {
    content = <QueryErrorAlert error={people.error} onRetry={() => void people.refetch()} />;
  } else if (!people.data) {
    content = <Spinner />;
  } else if (phone) {
    content = (
      <PeopleList
        rows={rows}
        total={total}
        query={query}
        loading={people.isFetching}
        onQueryChange={changeQuery}
        hrefOf={personHref}
      />
    );
  } else {
    content = (
      <Suspense fallback={<Spinner />}>
        <PeopleGrid
          rows={rows}
          total={total}
          query={query}
          loading={people.isFetching}
          onQueryChange={changeQuery}
          onOpen={(id) => navigate(personHref(id))}
          hrefOf={personHref}
        />
      </Suspense>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 2 }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography component="h1" variant="h1">
            People
          </Typography>
          {me.data?.role === 'hr' && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {/* The staff import is its own screen (docs/product.md#staff-import), reached by address. */}
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                component={RouterLink}
                href="/admin/people/import"
              >
                Import
              </Button>
              <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
                Add person
              </Button>
            </Stack>
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SearchField value={query.search} onSearch={search} />
          </Box>
          {/* Leavers are kept for years: current, leaving or left (docs/product.md#leavers). */}
          <TextField
            select
            label="Show"
            value={query.status ?? ''}
            onChange={(event) =>
              changeQuery({ status: (event.target.value || undefined) as PeopleStatus | undefined, page: 1 })
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: { sm: 160 } }}
          >
            {PEOPLE_STATUSES.map(({ value, label }) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box component="section" aria-label="People found">
          {content}
        </Box>
      </Stack>
      {adding && me.data && (
        <Suspense fallback={null}>
          <AddPersonDialog
            venues={me.data.venues}
            onClose={() => setAdding(false)}
            onAdded={(person) => navigate(personHref(person.id))}
          />
        </Suspense>
      )}
    </Container>
  );
}
