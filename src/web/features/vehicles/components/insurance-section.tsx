import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vehicle } from '@shared/api/vehicles.js';
import { formatBytes } from '../lib/format-bytes';
import { insuranceState, type InsuranceState } from '../lib/insurance-state';

const CHIPS: Record<InsuranceState['kind'], { label: string; color: 'warning' | 'success' | 'error' | 'default' }> = {
  missing: { label: 'No document', color: 'default' },
  pending: { label: 'Pending approval', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

/**
 * A vehicle's insurance document (docs/product.md#vehicles): its state as a chip (Pending approval, Approved,
 * Rejected), who approved it or why it was rejected, and the file on record.
 */
export function InsuranceSection({ document }: { document: Vehicle['current_insurance_document'] }) {
  const state = insuranceState(document);
  const chip = CHIPS[state.kind];
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="h3" variant="h3">
          Insurance
        </Typography>
        <Chip size="small" color={chip.color} label={chip.label} />
      </Stack>
      {state.kind === 'missing' && (
        <Typography variant="body2" color="text.secondary">
          Upload your business class 2 insurance certificate so HR can approve it.
        </Typography>
      )}
      {state.kind === 'pending' && (
        <Typography variant="body2" color="text.secondary">
          HR will check your document. You can claim mileage once it is approved.
        </Typography>
      )}
      {state.kind === 'approved' && <Typography variant="body2">{`Approved by ${state.by}`}</Typography>}
      {state.kind === 'rejected' && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {`Rejected: ${state.reason}. Please upload a new document.`}
        </Alert>
      )}
      {document?.processing_error && (
        <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
          {`This document could not be processed: ${document.processing_error}`}
        </Alert>
      )}
      {document && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {`${document.file.original_filename} (${formatBytes(document.file.size)})`}
        </Typography>
      )}
    </Stack>
  );
}
