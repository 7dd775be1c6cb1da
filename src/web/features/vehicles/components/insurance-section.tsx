import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vehicle } from '@shared/api/vehicles.js';
import { useLocale, type MessageId } from '@web/i18n/i18n';
import { useVehiclesT } from '../i18n';
import { formatBytes } from '../lib/format-bytes';
import { insuranceState, type InsuranceState } from '../lib/insurance-state';

const CHIPS: Record<InsuranceState['kind'], { label: MessageId; color: 'warning' | 'success' | 'error' | 'default' }> =
  {
    missing: { label: 'vehicles.insurance.missing', color: 'default' },
    pending: { label: 'vehicles.insurance.pending', color: 'warning' },
    approved: { label: 'vehicles.insurance.approved', color: 'success' },
    rejected: { label: 'vehicles.insurance.rejected', color: 'error' },
  };

/**
 * A vehicle's insurance document (docs/product.md#vehicles): its state as a chip (Pending approval, Approved,
 * Rejected), who approved it or why it was rejected, and the file on record.
 */
export function InsuranceSection({ document }: { document: Vehicle['current_insurance_document'] }) {
  const state = insuranceState(document);
  const chip = CHIPS[state.kind];
  const t = useVehiclesT();
  const locale = useLocale();
  // A file name and its size: no words to translate.
  const file = document && `${document.file.original_filename} (${formatBytes(document.file.size, t, locale)})`;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h3" variant="h3">
          {t('vehicles.insurance.title')}
        </Typography>
        <Chip size="small" color={chip.color} label={t(chip.label)} />
      </Stack>
      {state.kind === 'missing' && (
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.insurance.missingHint')}
        </Typography>
      )}
      {state.kind === 'pending' && (
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.insurance.pendingHint')}
        </Typography>
      )}
      {state.kind === 'approved' && (
        <Typography variant="body2">{t('vehicles.insurance.approvedBy', { name: state.by })}</Typography>
      )}
      {state.kind === 'rejected' && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {t('vehicles.insurance.rejectedReason', { reason: state.reason })}
        </Alert>
      )}
      {document?.processing_error && (
        <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
          {t('vehicles.insurance.processingError', { reason: document.processing_error })}
        </Alert>
      )}
      {document && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {file}
        </Typography>
      )}
    </Stack>
  );
}
