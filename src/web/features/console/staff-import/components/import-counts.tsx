import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { StaffImportReport } from '@shared/api/console/staff-import';

/** How each action is named and coloured, on the counts and on each row. */
export const ACTION_SHOWN = {
  create: { label: 'Create', doneLabel: 'Created', count: 'to create', done: 'created', color: 'success' },
  update: { label: 'Update', doneLabel: 'Updated', count: 'to update', done: 'updated', color: 'info' },
  unchanged: { label: 'Unchanged', doneLabel: 'Unchanged', count: 'unchanged', done: 'unchanged', color: 'default' },
  refused: { label: 'Refused', doneLabel: 'Refused', count: 'refused', done: 'refused', color: 'error' },
} as const;

/** The dry run's or the import's (`applied`) counts, one chip each, refused ones first when there are any. */
export function ImportCounts({ counts, applied }: { counts: StaffImportReport['counts']; applied: boolean }) {
  const order = counts.refused
    ? (['refused', 'create', 'update', 'unchanged'] as const)
    : (['create', 'update', 'unchanged', 'refused'] as const);
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} aria-label="Counts">
      {order.map((action) => (
        <Chip
          key={action}
          color={ACTION_SHOWN[action].color}
          variant={counts[action] ? 'filled' : 'outlined'}
          label={`${counts[action].toLocaleString('en-GB')} ${ACTION_SHOWN[action][applied ? 'done' : 'count']}`}
        />
      ))}
    </Stack>
  );
}
