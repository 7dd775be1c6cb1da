/**
 * Server-side validation of onboarding answers against their fieldset (docs/product.md#onboarding: docs/product.md#onboarding field
 * definition, onboarding rules): required, input_pattern (as the browser compiles it), email,
 * phone (UK or international, libphonenumber), real dates within min/max, allowed values, uploaded
 * files that belong to this joiner, bank details as My Details checks them (@shared/bank-details),
 * and dependent fields only when shown. Hidden and display-only fields are dropped; names that are
 * not on the form are refused.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { z } from 'zod';
import type { StoredFile } from '@shared/api/files.js';
import {
  BANK_ACCOUNT_ERROR,
  BANK_ACCOUNT_FIELD,
  bankAccountDigits,
  SORT_CODE_ERROR,
  SORT_CODE_FIELD,
  sortCodeDigits,
} from '@shared/bank-details.js';
import { isDisplayOnly } from '@shared/field-rules.js';
import { compilePattern, type FieldDefinition, type FieldValue, type OnboardError } from '@shared/api/onboarding.js';
import { toE164 } from '@server/lib/phone-numbers.js';

dayjs.extend(customParseFormat);

export interface ValidateOptions {
  /** Today as YYYY-MM-DD (the `today` date limit). */
  today: string;
  /** The stored file with this id if it belongs to the joiner. */
  findFile(id: string): Promise<StoredFile | undefined>;
}

const emailSchema = z.email();

/** Whether a field is shown for these values: its dependency chain must all be shown and match. */
export function isShown(
  field: FieldDefinition,
  byId: Map<number, FieldDefinition>,
  values: Record<string, FieldValue>,
  seen = new Set<number>(),
): boolean {
  if (field.dependent_field === null) return true;
  if (seen.has(field.id)) return false;
  seen.add(field.id);
  const parent = byId.get(field.dependent_field);
  if (!parent || !isShown(parent, byId, values, seen)) return false;
  const value = valueOf(values, parent.name);
  // Compared as the parent's answer is kept (trimmed), so what is shown and what is stored agree.
  return (
    value !== null && value !== undefined && typeof value !== 'object' && String(value).trim() === field.dependent_value
  );
}

/** Own properties only: a field named `constructor` must not read Object.prototype. */
const valueOf = (values: Record<string, FieldValue>, name: string): FieldValue | undefined =>
  Object.hasOwn(values, name) ? values[name] : undefined;

/** Longest answer tested against an input_pattern: bounds the cost of any pattern HR wrote. */
export const MAX_PATTERN_INPUT_LENGTH = 200;

const isEmpty = (v: FieldValue | undefined) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

const resolveDate = (limit: string, today: string) => (limit === 'today' ? today : limit);
const ukDate = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

/**
 * A bank detail (named as My Details names them) checked as My Details checks it, and kept as its
 * digits; null for any other answer.
 */
function bankDetailProblem(name: string, text: string): { value: string } | { error: string } | null {
  if (name === BANK_ACCOUNT_FIELD) {
    const digits = bankAccountDigits(text);
    return digits ? { value: digits } : { error: BANK_ACCOUNT_ERROR };
  }
  if (name === SORT_CODE_FIELD) {
    const digits = sortCodeDigits(text);
    return digits ? { value: digits } : { error: SORT_CODE_ERROR };
  }
  return null;
}

/** Each bank detail, the other one of its pair and the message when that one is missing. */
const BANK_PAIRS = [
  [BANK_ACCOUNT_FIELD, SORT_CODE_FIELD, SORT_CODE_ERROR],
  [SORT_CODE_FIELD, BANK_ACCOUNT_FIELD, BANK_ACCOUNT_ERROR],
] as const;

/** Checks one shown, non-empty answer; answers the value to keep or an error message. */
async function checkValue(
  f: FieldDefinition,
  v: FieldValue,
  opts: ValidateOptions,
): Promise<{ value: FieldValue } | { error: string }> {
  const pattern = f.input_pattern ? compilePattern(f.input_pattern) : null;
  // The browser applies input_pattern to what is typed in any input; so does the server.
  const patternProblem = (text: string): { error: string } | null => {
    if (!pattern) return null;
    if (text.length > MAX_PATTERN_INPUT_LENGTH)
      return { error: `must be at most ${MAX_PATTERN_INPUT_LENGTH} characters` };
    return pattern.test(text) ? null : { error: f.input_pattern_error ?? 'is not in the right format' };
  };
  switch (f.type) {
    case 'text': {
      if (typeof v !== 'string') return { error: 'must be text' };
      const text = v.trim();
      return patternProblem(text) ?? bankDetailProblem(f.name, text) ?? { value: text };
    }
    case 'email': {
      if (typeof v !== 'string' || !emailSchema.safeParse(v.trim()).success)
        return { error: 'Enter a valid email address' };
      return patternProblem(v.trim()) ?? { value: v.trim().toLowerCase() };
    }
    case 'phone': {
      if (typeof v !== 'string' || !(await toE164(v.trim())))
        return { error: 'Enter a valid phone number, such as 07911 123456 or +44 7911 123456' };
      return patternProblem(v.trim()) ?? { value: v.trim() };
    }
    case 'number': {
      const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
      if (!/^-?\d+(\.\d+)?$/.test(text)) return { error: 'Enter a number' };
      return patternProblem(text) ?? { value: Number(text) };
    }
    case 'date': {
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || !dayjs(v, 'YYYY-MM-DD', true).isValid()) {
        return { error: 'Enter a real date' };
      }
      if (f.min_date && v < resolveDate(f.min_date, opts.today))
        return { error: `must be on or after ${ukDate(resolveDate(f.min_date, opts.today))}` };
      if (f.max_date && v > resolveDate(f.max_date, opts.today)) {
        return {
          error: f.max_date === 'today' ? 'cannot be in the future' : `must be on or before ${ukDate(f.max_date)}`,
        };
      }
      return { value: v };
    }
    case 'select':
    case 'radio': {
      const key = typeof v === 'number' ? String(v) : v;
      if (typeof key !== 'string' || !f.allowed_values?.some((a) => a.key === key))
        return { error: 'Choose one of the options' };
      return { value: key };
    }
    case 'file': {
      if (typeof v !== 'object' || v === null || !('id' in v)) return { error: 'Upload the file' };
      const file = await opts.findFile(v.id);
      return file ? { value: file } : { error: 'Upload the file again' };
    }
    default:
      return { error: 'cannot be answered' };
  }
}

/**
 * Validates every answer of `values` against `fields`.
 * @returns the answers to keep (by name; shown fields only) and the errors, one or more per field.
 */
export async function validateAnswers(
  fields: FieldDefinition[],
  values: Record<string, FieldValue>,
  opts: ValidateOptions,
): Promise<{ answers: Record<string, FieldValue>; errors: OnboardError[] }> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const errors: OnboardError[] = [];
  const answers: Record<string, FieldValue> = {};
  for (const name of Object.keys(values)) {
    if (!byName.has(name)) errors.push({ field: name, error: 'is not a question on this form' });
  }
  for (const f of fields) {
    if (isDisplayOnly(f.type) || !isShown(f, byId, values)) continue;
    const v = valueOf(values, f.name);
    if (isEmpty(v)) {
      if (f.required) errors.push({ field: f.name, error: 'This field is required' });
      continue;
    }
    const checked = await checkValue(f, v!, opts);
    if ('error' in checked) errors.push({ field: f.name, error: checked.error });
    else answers[f.name] = checked.value;
  }
  // Bank details fill the staff record as a pair: an account number without its sort code is not kept.
  for (const [name, other, error] of BANK_PAIRS) {
    const otherField = byName.get(other);
    const missing =
      Object.hasOwn(answers, name) &&
      !Object.hasOwn(answers, other) &&
      !errors.some((e) => e.field === other) &&
      otherField &&
      isShown(otherField, byId, values);
    if (missing) errors.push({ field: other, error });
  }
  return { answers, errors };
}
