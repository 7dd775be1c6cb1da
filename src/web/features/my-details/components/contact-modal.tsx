import Stack from '@mui/material/Stack';
import type { ContactDetailsBody, StaffMember } from '@shared/api/my-details.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useSaveContactDetails } from '../api/save-contact-details';
import { useDetailsT } from '../i18n';
import { fieldText, textOrNull } from '../lib/form-text';
import { DetailTextField } from './detail-text-field';
import type { DetailsModalProps } from './details-modal-props';
import { useDetailsForm } from './use-details-form';

type ContactValues = Record<keyof ContactDetailsBody, string>;

function valuesOf(staff: StaffMember): ContactValues {
  return {
    email_address: staff.email_address,
    mobile: fieldText(staff.mobile),
    nok_name: fieldText(staff.nok_name),
    nok_phone: fieldText(staff.nok_phone),
  };
}

/**
 * The Email & Contact modal (docs/product.md#my-details): email address, mobile, next of kin name and phone, filled
 * in from the staff member, no client checks (docs/product.md#my-details). A failed save shows no alert (docs/product.md#my-details),
 * only the server's errors under their fields, and keeps what was typed: a 402 opens the
 * two-factor dialog, after which Save works. A successful save updates the user and closes.
 */
export default function ContactModal({ open, staff, onClose }: DetailsModalProps) {
  const t = useDetailsT();
  // No alert for a failed save here (docs/product.md#my-details): only the errors under their fields.
  const { form, typed, submit, saving } = useDetailsForm({
    open,
    initial: () => valuesOf(staff),
    save: useSaveContactDetails(),
    body: (typed): ContactDetailsBody => ({
      email_address: typed.email_address.trim(),
      mobile: textOrNull(typed.mobile),
      nok_name: textOrNull(typed.nok_name),
      nok_phone: textOrNull(typed.nok_phone),
    }),
    savedText: t('details.contact.saved'),
    onClose,
  });

  return (
    <ModalDialog open={open} title={t('details.contact.title')} onClose={onClose} onSave={submit} saving={saving}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DetailTextField
          control={form.control}
          name="email_address"
          label={t('details.contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          onTyped={typed}
        />
        <DetailTextField
          control={form.control}
          name="mobile"
          label={t('details.contact.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          onTyped={typed}
        />
        <DetailTextField
          control={form.control}
          name="nok_name"
          label={t('details.contact.nokName')}
          autoComplete="off"
          onTyped={typed}
        />
        <DetailTextField
          control={form.control}
          name="nok_phone"
          label={t('details.contact.nokPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          onTyped={typed}
        />
      </Stack>
    </ModalDialog>
  );
}
