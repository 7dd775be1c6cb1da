import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HTMLAttributes } from 'react';
import type { StoredFile } from '@shared/api/files.js';
import type { FieldDefinition, FieldValue } from '@shared/api/onboarding.js';
import { FileUploadControl } from '@web/components/forms/file-upload-control';
import { BANK_ACCOUNT_FIELD, SORT_CODE_FIELD } from '@shared/bank-details.js';
import { isDigitsOnlyPattern } from '@shared/field-rules.js';
import { ChoiceField } from './choice-field';
import { DateFieldOnUse } from './lazy-date-field';
import { fieldHelp, useTermExplanation } from './term-explanation';

export interface OnboardingFieldProps {
  field: FieldDefinition;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  /** The server's errors for this field, already joined (docs/product.md#onboarding). */
  error?: string | null;
  /** Uploads a file of a file field (docs/product.md#onboarding). */
  upload: (file: File) => Promise<StoredFile>;
  disabled?: boolean;
}

type InputMode = HTMLAttributes<HTMLInputElement>['inputMode'];

/** Bank details (the names My Details uses, @shared/bank-details) are typed as digits, never autofilled. */
const BANK_DETAILS: readonly string[] = [BANK_ACCOUNT_FIELD, SORT_CODE_FIELD];

/** Input type, keyboard and autofill hint of the text-like types (docs/product.md#onboarding). */
function textInput(field: FieldDefinition): { type: string; inputMode?: InputMode; autoComplete?: string } {
  const digits = isDigitsOnlyPattern(field.input_pattern);
  if (field.type === 'text' && BANK_DETAILS.includes(field.name))
    return { type: 'text', inputMode: 'numeric', autoComplete: 'off' };
  switch (field.type) {
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete: 'email' };
    case 'phone':
      return { type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
    case 'number':
      return { type: 'text', inputMode: digits ? 'numeric' : 'decimal' };
    default:
      return { type: 'text', inputMode: digits ? 'numeric' : undefined };
  }
}

const asText = (value: FieldValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const asFile = (value: FieldValue | undefined): StoredFile | null =>
  typeof value === 'object' && value !== null ? value : null;

/**
 * One field of the onboarding details form by its type (docs/product.md#onboarding): title and content as centred
 * text; text, email, phone and number as text inputs with the matching keyboard and the field's
 * input_pattern (bank details with the numeric keyboard and no autofill); date as the date picker;
 * select and radio by key; file as the upload control.
 * Required fields carry the required mark; nothing is checked here (the server validates). In another
 * language than English, a field asking for a UK term (sort code, National Insurance number, right to
 * work…) explains it underneath; the labels stay as HR wrote them.
 */
export function OnboardingField({ field, value, onChange, error, upload, disabled }: OnboardingFieldProps) {
  const explanation = useTermExplanation(field.name);
  switch (field.type) {
    case 'title':
      return (
        <Typography component="h2" variant="h2" sx={{ textAlign: 'center', mt: 1 }}>
          {field.label}
        </Typography>
      );
    case 'content':
      return (
        <Typography sx={{ textAlign: 'center', whiteSpace: 'pre-line' }} color="text.secondary">
          {field.label}
        </Typography>
      );
    case 'date':
      return (
        <DateFieldOnUse
          label={field.label}
          name={field.name}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={onChange}
          required={field.required}
          minDate={field.min_date}
          maxDate={field.max_date}
          error={error}
          disabled={disabled}
        />
      );
    case 'select':
    case 'radio':
      return (
        <ChoiceField
          kind={field.type}
          label={field.label}
          name={field.name}
          options={field.allowed_values ?? []}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          required={field.required}
          error={error}
          explanation={explanation}
          disabled={disabled}
        />
      );
    case 'file':
      return (
        <FileUploadControl
          label={field.label}
          name={field.name}
          value={asFile(value)}
          onChange={onChange}
          upload={upload}
          required={field.required}
          error={error}
        />
      );
    default: {
      const input = textInput(field);
      return (
        <TextField
          label={field.label}
          name={field.name}
          type={input.type}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          required={field.required}
          disabled={disabled}
          fullWidth
          autoComplete={input.autoComplete}
          error={Boolean(error)}
          helperText={fieldHelp(error, explanation)}
          slotProps={{ htmlInput: { inputMode: input.inputMode, pattern: field.input_pattern ?? undefined } }}
        />
      );
    }
  }
}
