import PollIcon from '@mui/icons-material/Poll';
import SchoolIcon from '@mui/icons-material/School';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffMember } from '@shared/api/my-details.js';
import { useDashboardT } from '../i18n';

/**
 * A chip's label wraps rather than being cut short: the same action reads up to half as long again in
 * Romanian or Portuguese as in English, and a phone is 360 px wide.
 */
const CHIP_SX = {
  height: 'auto',
  minHeight: 40,
  px: 0.5,
  py: 0.75,
  fontSize: '0.9375rem',
  '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

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
  const t = useDashboardT();

  if (!showTraining && !qolLink) {
    return <Typography color="text.secondary">{t('dashboard.quickActions.none')}</Typography>;
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
          label={t('dashboard.quickActions.training')}
          sx={CHIP_SX}
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
          label={t('dashboard.quickActions.survey')}
          sx={CHIP_SX}
        />
      )}
    </Stack>
  );
}
