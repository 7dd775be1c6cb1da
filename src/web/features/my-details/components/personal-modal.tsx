import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { PersonalBody, StaffMember } from '@shared/api/my-details.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import type { MessageId } from '@web/i18n/i18n';
import { useSavePersonal } from '../api/save-personal';
import { useDetailsT } from '../i18n';
import { fieldText, textOrNull } from '../lib/form-text';
import { DetailTextField } from './detail-text-field';
import type { DetailsModalProps } from './details-modal-props';
import { useDetailsForm } from './use-details-form';

const EDITABLE = [
  'known_as',
  'address_line1',
  'address_line2',
  'address_line3',
  'address_county',
  'address_postal_code',
] as const;
type EditableField = (typeof EDITABLE)[number];

/** The editable fields: label, autofill hint and width from sm up. */
const FIELDS: Record<EditableField, { label: MessageId; autoComplete: string; half?: boolean }> = {
  known_as: { label: 'details.personal.knownAs', autoComplete: 'nickname' },
  address_line1: { label: 'details.personal.addressLine1', autoComplete: 'address-line1' },
  address_line2: { label: 'details.personal.addressLine2', autoComplete: 'address-line2' },
  address_line3: { label: 'details.personal.addressLine3', autoComplete: 'address-line3' },
  address_county: { label: 'details.personal.county', autoComplete: 'address-level2', half: true },
  address_postal_code: { label: 'details.personal.postcode', autoComplete: 'postal-code', half: true },
};

/** The form's values: the names as shown (read-only, so the server's errors about them show under them) and the rest. */
function valuesOf(staff: StaffMember): Record<EditableField | 'forename' | 'surname', string> {
  return {
    forename: staff.forename,
    surname: staff.surname,
    ...(Object.fromEntries(EDITABLE.map((name) => [name, fieldText(staff[name])])) as Record<EditableField, string>),
  };
}

/**
 * The Personal & Profile modal (docs/product.md#my-details): first and last name read-only, then known as and the
 * address. Forename and surname are sent unchanged. A failed save shows the error in an alert and
 * the server's errors under their fields (docs/product.md#my-details); a successful one updates the user and closes.
 */
export default function PersonalModal({ open, staff, onClose }: DetailsModalProps) {
  const t = useDetailsT();
  const { form, typed, submit, saving, failure } = useDetailsForm({
    open,
    initial: () => valuesOf(staff),
    save: useSavePersonal(),
    body: (typed) => {
      const body: PersonalBody = { forename: staff.forename, surname: staff.surname };
      for (const name of EDITABLE) body[name] = textOrNull(typed[name]);
      return body;
    },
    savedText: t('details.personal.saved'),
    onClose,
  });

  return (
    <ModalDialog open={open} title={t('details.personal.title')} onClose={onClose} onSave={submit} saving={saving}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {failure && (
          <Grid size={12}>
            <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
              {failure}
            </Alert>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <DetailTextField
            control={form.control}
            name="forename"
            label={t('details.personal.firstName')}
            readOnly
            autoComplete="off"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DetailTextField
            control={form.control}
            name="surname"
            label={t('details.personal.lastName')}
            readOnly
            autoComplete="off"
          />
        </Grid>
        <Grid size={12} sx={{ mt: -1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('details.personal.nameNote')}
          </Typography>
        </Grid>
        {EDITABLE.map((name) => (
          <Grid key={name} size={FIELDS[name].half ? { xs: 12, sm: 6 } : 12}>
            <DetailTextField
              control={form.control}
              name={name}
              label={t(FIELDS[name].label)}
              autoComplete={FIELDS[name].autoComplete}
              onTyped={typed}
            />
          </Grid>
        ))}
      </Grid>
    </ModalDialog>
  );
}
