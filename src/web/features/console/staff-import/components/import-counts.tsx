import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { StaffImportReport } from '@shared/api/console/staff-import';

/** How each action is named and coloured, on the counts and on each row. */
export const ACTION_SHOWN = {
  create: { label: 'Create', count: 'to create', color: 'success' },
  update: { label: 'Update', count: 'to update', color: 'info' },
  unchanged: { label: 'Unchanged', count: 'unchanged', color: 'default' },
  refused: { label: 'Refused', count: 'refused', color: 'error' },
} as const;

/** The dry run's or the import's counts, one chip each, refused ones first when there are any. */
export function ImportCounts({ counts }: { counts: StaffImportReport['counts'] }) {
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
          label={`${counts[action].toLocaleString('en-GB')} ${ACTION_SHOWN[action].count}`}
        />
      ))}
    </Stack>
  );
}
