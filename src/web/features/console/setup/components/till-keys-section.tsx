import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { errorText } from '@web/lib/error-text';
import { formatDisplayDate } from '@web/lib/format-date';
import { showNotification } from '@web/stores/notification-store';
import { useCreateTillKey, type CreatedTillKey } from '../api/create-till-key';
import { useRevokeTillKey } from '../api/revoke-till-key';
import { ConfirmDialog } from './confirm-dialog';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { SetupList, SetupRow } from './setup-row';
import { TillKeyShownDialog } from './till-key-shown-dialog';

type Key = ConsoleVenue['till_keys'][number];

/**
 * Set-up's Till keys (docs/product.md#set-up), per venue the console may see (HR: all; a manager: theirs):
 * the keys with when each was made and whether revoked; "New till key" (a second factor first when
 * the last is older than 15 minutes: the two-factor dialog opens and the call goes on by itself), then
 * the key shown once; Revoke, asked first, stops a key working at the till at once. Archived venues
 * get no new keys.
 */
export function TillKeysSection({ venues }: { venues: ConsoleVenue[] }) {
  const create = useCreateTillKey();
  const revoke = useRevokeTillKey();
  const [shown, setShown] = useState<CreatedTillKey | null>(null);
  const [revoking, setRevoking] = useState<{ key: Key; venue: ConsoleVenue } | null>(null);

  const makeKey = (venue: ConsoleVenue) => create.mutate(venue.id, { onSuccess: setShown });

  return (
    <SectionCard title="Till keys">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          A till key lets a venue’s tills check team discount codes. Each is shown once when it is made.
        </Typography>
        {venues.length === 0 && <Typography color="text.secondary">No venues to show.</Typography>}
        {venues.map((venue) => {
          const keys = venue.till_keys;
          const failed = create.isError && create.variables === venue.id && !create.isPending;
          return (
            <Box key={venue.id} component="section" aria-label={`Till keys of ${venue.name}`}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <Typography component="h3" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {venue.name}
                  {venue.archived && <Chip size="small" label="Archived" sx={{ ml: 1 }} />}
                </Typography>
                {!venue.archived && (
                  <Box>
                    <Button
                      variant="outlined"
                      startIcon={<KeyIcon />}
                      onClick={() => makeKey(venue)}
                      loading={create.isPending && create.variables === venue.id}
                      loadingPosition="start"
                      aria-label={`New till key for ${venue.name}`}
                    >
                      New till key
                    </Button>
                  </Box>
                )}
              </Stack>
              {failed && (
                <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                  {errorText(create.error)}
                </Alert>
              )}
              {keys.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  No till keys yet.
                </Typography>
              ) : (
                <SetupList label={`Till keys of ${venue.name}`}>
                  {keys.map((key, index) => (
                    <SetupRow
                      key={key.id}
                      title={`Key ${index + 1}`}
                      chips={
                        key.revoked_at ? (
                          <Chip size="small" label="Revoked" />
                        ) : (
                          <Chip size="small" color="success" label="Active" />
                        )
                      }
                      detail={`Made ${formatDisplayDate(key.created_at)}${key.revoked_at ? ` · revoked ${formatDisplayDate(key.revoked_at)}` : ''}`}
                      actions={
                        key.revoked_at ? undefined : (
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setRevoking({ key, venue })}
                            aria-label={`Revoke key ${index + 1} of ${venue.name}`}
                          >
                            Revoke
                          </Button>
                        )
                      }
                    />
                  ))}
                </SetupList>
              )}
            </Box>
          );
        })}
      </Stack>
      {shown && <TillKeyShownDialog tillKey={shown} onClose={() => setShown(null)} />}
      {revoking && (
        <ConfirmDialog
          open
          title="Revoke this till key?"
          confirmLabel="Revoke"
          busy={revoke.isPending}
          error={revoke.error}
          onClose={() => {
            setRevoking(null);
            revoke.reset();
          }}
          onConfirm={() =>
            revoke.mutate(revoking.key.id, {
              onSuccess: () => {
                setRevoking(null);
                showNotification({
                  severity: 'success',
                  message: `The till key of ${revoking.venue.name} is revoked.`,
                });
              },
            })
          }
        >
          Tills at {revoking.venue.name} using it stop checking discount codes at once. This cannot be undone: make a
          new key for them.
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
