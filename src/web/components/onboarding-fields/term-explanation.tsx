import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { BANK_ACCOUNT_FIELD, SORT_CODE_FIELD } from '@shared/bank-details.js';
import { useLocale, type MessageId } from '@web/i18n/i18n';
import { useFieldsT } from './i18n';

/**
 * UK terms a joiner reading another language may not know, by the name of the field that asks for
 * them: the bank details as @shared/bank-details names them, the National Insurance number as payroll
 * reads it, and the right-to-work answers of the joiner fieldset (templates/fieldsets).
 */
const EXPLANATIONS: Record<string, MessageId> = {
  national_insurance_number: 'fields.explain.nationalInsuranceNumber',
  right_to_work_route: 'fields.explain.rightToWork',
  share_code: 'fields.explain.shareCode',
  [BANK_ACCOUNT_FIELD]: 'fields.explain.bankAccount',
  [SORT_CODE_FIELD]: 'fields.explain.sortCode',
};

/**
 * What the UK term field `name` asks for means, in the page's language; undefined in English, which
 * keeps the form as HR wrote it (its labels stay HR's in every language, so the term is kept and
 * explained rather than translated), and for any other field.
 */
export function useTermExplanation(name: string): string | undefined {
  const t = useFieldsT();
  const locale = useLocale();
  const id = EXPLANATIONS[name];
  return id && locale !== 'en-GB' ? t(id) : undefined;
}

/**
 * The text under a field: the server's error, then the explanation of its UK term in the quiet
 * colour even while the field is in error (it says how to put the error right); undefined for neither.
 */
export function fieldHelp(error: string | null | undefined, explanation: string | undefined): ReactNode {
  if (!explanation) return error || undefined;
  return (
    <>
      {error}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', mt: error ? 0.5 : 0 }}>
        {explanation}
      </Box>
    </>
  );
}
