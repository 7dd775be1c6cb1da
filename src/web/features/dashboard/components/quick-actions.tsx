import PollIcon from '@mui/icons-material/Poll';
import SchoolIcon from '@mui/icons-material/School';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffMember } from '@shared/api/my-details.js';

export interface QuickActionsProps {
  staff: Pick<StaffMember, 'initial_training_complete' | 'qol_link'>;
  trainingUrl: string;
}

/**
 * The quick-action chips (docs/product.md#dashboard: Dashboard): initial training while it is not complete, the
 * quality of life survey while a link exists. Both open in a new tab.
 */
export function QuickActions({ staff, trainingUrl }: QuickActionsProps) {
  const showTraining = !staff.initial_training_complete;
  const qolLink = staff.qol_link;

  if (!showTraining && !qolLink) {
    return <Typography color="text.secondary">You're all caught up. Nothing needs doing right now.</Typography>;
  }

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
      {showTraining && (
        <Chip
          component="a"
          href={trainingUrl}
          target="_blank"
          rel="noopener noreferrer"
          clickable
          color="primary"
          icon={<SchoolIcon />}
          label="Complete my initial training"
          sx={{ height: 40, px: 0.5, fontSize: '0.9375rem' }}
        />
      )}
      {qolLink && (
        <Chip
          component="a"
          href={qolLink}
          target="_blank"
          rel="noopener noreferrer"
          clickable
          color="secondary"
          icon={<PollIcon />}
          label="Start my quality of life survey"
          sx={{ height: 40, px: 0.5, fontSize: '0.9375rem' }}
        />
      )}
    </Stack>
  );
}
