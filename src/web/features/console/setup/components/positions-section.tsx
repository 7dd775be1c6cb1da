import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsolePosition } from '@shared/api/console/setup.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { showNotification } from '@web/stores/notification-store';
import { usePositions } from '@web/features/console/shared/api/get-positions';
import { useSavePosition } from '../api/save-position';
import { PositionDialog } from './position-dialog';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { SetupList, SetupRow } from './setup-row';

/**
 * Set-up's Positions (HR, docs/product.md#set-up): the job titles the invite and add-person forms offer,
 * active ones first; Add position, and per position Rename and Archive (no longer offered) or Bring back.
 */
export function PositionsSection() {
  const positions = usePositions();
  const archive = useSavePosition();
  const [editing, setEditing] = useState<ConsolePosition | 'new' | null>(null);

  const setArchived = (position: ConsolePosition, archived: boolean) =>
    archive.mutate(
      { id: position.id, archived },
      {
        onSuccess: (saved) =>
          showNotification({
            severity: 'success',
            message: archived ? `${saved.name} is archived.` : `${saved.name} is back.`,
          }),
        onError: (error) => showNotification({ severity: 'error', message: errorText(error) }),
      },
    );

  let list;
  if (positions.isError) list = <QueryErrorAlert error={positions.error} onRetry={() => void positions.refetch()} />;
  else if (!positions.data) list = <Spinner />;
  else if (positions.data.length === 0)
    list = <Typography color="text.secondary">No positions yet: the forms take any position typed.</Typography>;
  else {
    list = (
      <SetupList label="Positions">
        {positions.data.map((position) => {
          const busy = archive.isPending && archive.variables?.id === position.id;
          return (
            <SetupRow
              key={position.id}
              title={position.name}
              chips={position.archived ? <Chip size="small" label="Archived" /> : undefined}
              actions={
                <>
                  <Button size="small" onClick={() => setEditing(position)} aria-label={`Rename ${position.name}`}>
                    Rename
                  </Button>
                  <Button
                    size="small"
                    color={position.archived ? 'primary' : 'warning'}
                    loading={busy}
                    onClick={() => setArchived(position, !position.archived)}
                    aria-label={`${position.archived ? 'Bring back' : 'Archive'} ${position.name}`}
                  >
                    {position.archived ? 'Bring back' : 'Archive'}
                  </Button>
                </>
              }
            />
          );
        })}
      </SetupList>
    );
  }

  return (
    <SectionCard title="Positions">
      <Stack spacing={1}>
        <Typography color="text.secondary">
          Offered when inviting a joiner or adding a person; another position can still be typed there.
        </Typography>
        {list}
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add position
          </Button>
        </div>
      </Stack>
      {editing && (
        <PositionDialog position={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </SectionCard>
  );
}
