import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vehicle } from '@shared/api/vehicles.js';
import { formatDisplayDate } from '@web/lib/format-date';
import { useVehiclesT } from '../i18n';
import { isMotExpired } from '../lib/mot-expired';
import { DetailList } from '@web/components/ui/detail-list';

/** A vehicle's current MOT (docs/product.md#vehicles): date completed, expiry, passed or failed; or 'No MOT found'. */
export function MotSection({ mot }: { mot: Vehicle['current_mot'] }) {
  const expired = mot ? isMotExpired(mot.expiry_date) : false;
  const t = useVehiclesT();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h3" variant="h3">
          {t('vehicles.mot.title')}
        </Typography>
        {mot && (
          <Chip
            size="small"
            color={mot.passed ? 'success' : 'error'}
            label={mot.passed ? t('vehicles.mot.passed') : t('vehicles.mot.failed')}
          />
        )}
        {expired && <Chip size="small" color="error" variant="outlined" label={t('vehicles.mot.expired')} />}
      </Stack>
      {mot ? (
        <DetailList
          items={[
            {
              label: t('vehicles.mot.completed'),
              value: mot.date_completed ? formatDisplayDate(mot.date_completed) : t('vehicles.mot.notKnown'),
            },
            {
              label: t('vehicles.mot.expiry'),
              value: mot.expiry_date ? formatDisplayDate(mot.expiry_date) : t('vehicles.mot.notKnown'),
            },
          ]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.mot.none')}
        </Typography>
      )}
    </Stack>
  );
}
