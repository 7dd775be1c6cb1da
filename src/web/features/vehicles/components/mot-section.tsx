import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vehicle } from '@shared/api/vehicles.js';
import { formatDisplayDate } from '@web/lib/format-date';
import { isMotExpired } from '../lib/mot-expired';
import { DetailList } from '@web/components/ui/detail-list';

/** A vehicle's current MOT (docs/product.md#vehicles): date completed, expiry, passed or failed; or 'No MOT found'. */
export function MotSection({ mot }: { mot: Vehicle['current_mot'] }) {
  const expired = mot ? isMotExpired(mot.expiry_date) : false;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h3" variant="h3">
          MOT
        </Typography>
        {mot && <Chip size="small" color={mot.passed ? 'success' : 'error'} label={mot.passed ? 'Passed' : 'Failed'} />}
        {expired && <Chip size="small" color="error" variant="outlined" label="Expired" />}
      </Stack>
      {mot ? (
        <DetailList
          items={[
            {
              label: 'Date completed',
              value: mot.date_completed ? formatDisplayDate(mot.date_completed) : 'Not known',
            },
            { label: 'Expiry date', value: mot.expiry_date ? formatDisplayDate(mot.expiry_date) : 'Not known' },
          ]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No MOT found
        </Typography>
      )}
    </Stack>
  );
}
