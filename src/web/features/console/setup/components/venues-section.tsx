import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { BRANDS } from '@shared/brands.js';
import { errorText } from '@web/lib/error-text';
import { showNotification } from '@web/stores/notification-store';
import { useUpdateVenue } from '../api/update-venue';
import { ConfirmDialog } from './confirm-dialog';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { SetupList, SetupRow } from './setup-row';
import { VenueDialog } from './venue-dialog';

const peopleText = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/**
 * Set-up's Venues (HR, docs/product.md#set-up): every venue with its brand, how many people work there
 * and whether it is archived; Add venue, and per venue Edit (name, brand) and Archive (asked first: no
 * one new joins an archived venue) or Bring back.
 */
export function VenuesSection({ venues }: { venues: ConsoleVenue[] }) {
  const [editing, setEditing] = useState<ConsoleVenue | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ConsoleVenue | null>(null);
  const update = useUpdateVenue();

  const setArchived = (venue: ConsoleVenue, archived: boolean) =>
    update.mutate(
      { id: venue.id, archived },
      {
        onSuccess: (saved) => {
          setArchiving(null);
          showNotification({
            severity: 'success',
            message: archived ? `${saved.name} is archived.` : `${saved.name} is back.`,
          });
        },
        onError: (error) => {
          if (!archived) showNotification({ severity: 'error', message: errorText(error) });
        },
      },
    );

  return (
    <SectionCard title="Venues">
      <Stack spacing={1}>
        <SetupList label="Venues">
          {venues.map((venue) => (
            <SetupRow
              key={venue.id}
              title={venue.name}
              chips={venue.archived ? <Chip size="small" label="Archived" /> : undefined}
              detail={`${BRANDS.find((brand) => brand.id === venue.brand)?.name ?? venue.brand} · ${peopleText(venue.people)}`}
              actions={
                <>
                  <Button size="small" onClick={() => setEditing(venue)} aria-label={`Edit ${venue.name}`}>
                    Edit
                  </Button>
                  {venue.archived ? (
                    <Button
                      size="small"
                      onClick={() => setArchived(venue, false)}
                      aria-label={`Bring back ${venue.name}`}
                      loading={update.isPending && update.variables?.id === venue.id}
                    >
                      Bring back
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      color="warning"
                      onClick={() => setArchiving(venue)}
                      aria-label={`Archive ${venue.name}`}
                    >
                      Archive
                    </Button>
                  )}
                </>
              }
            />
          ))}
        </SetupList>
        {venues.length === 0 && <Typography color="text.secondary">No venues yet.</Typography>}
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add venue
          </Button>
        </div>
      </Stack>
      {editing && <VenueDialog open venue={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {archiving && (
        <ConfirmDialog
          open
          title={`Archive ${archiving.name}?`}
          confirmLabel="Archive"
          onConfirm={() => setArchived(archiving, true)}
          onClose={() => {
            setArchiving(null);
            update.reset();
          }}
          busy={update.isPending}
          error={update.error}
        >
          No one new can join it and it gets no new till keys. Its {peopleText(archiving.people)} and their history
          stay; you can bring it back.
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
