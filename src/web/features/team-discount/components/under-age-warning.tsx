import Alert from '@mui/material/Alert';
import { ADULT_AGE } from '@shared/constants.js';
import { useDiscountT } from '../i18n';

/** True when the member is known to be under 18 (docs/product.md#team-discount). */
export function isUnderAge(age: number | null): age is number {
  return age !== null && age < ADULT_AGE;
}

/** The under-18 warning of the discount card (docs/product.md#team-discount): the member's name and age. */
export function UnderAgeWarning({ name, age }: { name: string; age: number }) {
  const t = useDiscountT();
  return (
    <Alert severity="warning" sx={{ fontWeight: 500 }}>
      {t('discount.underAge', { name, age, adultAge: ADULT_AGE })}
    </Alert>
  );
}
