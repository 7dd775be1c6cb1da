/**
 * Self-service onboarding of a joiner through their link token (docs/product.md#onboarding: Onboarding, onboarding
 * status, field definition and onboard error, onboarding, `/staff/self-service-onboard/<token>`).
 * The fieldset schema is also what `fieldset import <file>` validates.
 */
import { z } from 'zod';
import { BANK_ACCOUNT_FIELD, SORT_CODE_FIELD } from '@shared/bank-details.js';
import { compilePattern, DISPLAY_ONLY_TYPES, FIELD_TYPES, type FieldType } from '@shared/field-rules.js';
import { PASSWORD_MAX_LENGTH } from '@shared/password-rules.js';
import { storedFileSchema } from './files.js';

export { compilePattern } from '@shared/field-rules.js';
export type { FieldType };

export const ONBOARDING_STEPS = ['details', 'contract', 'password', 'complete'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

const dateLimit = z.union([z.literal('today'), z.iso.date('must be today or a real date as YYYY-MM-DD')]);

/** A select or radio option: `key` is stored, `value` is shown (docs/product.md#onboarding: "key/value pairs"). */
export const allowedValueSchema = z.object({ key: z.string().min(1), value: z.string().min(1) });

/**
 * One field of an onboarding fieldset (docs/product.md#onboarding) plus `required` (docs/product.md#onboarding), and our optional
 * `input_pattern_error` (the message when input_pattern fails) and `min_date`/`max_date`
 * (`today` or YYYY-MM-DD) for date fields.
 */
export const fieldDefinitionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be lower-case letters, digits and _'),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  input_pattern: z.string().nullable().default(null),
  input_pattern_error: z.string().nullable().default(null),
  allowed_values: z.array(allowedValueSchema).nullable().default(null),
  dependent_field: z.number().int().positive().nullable().default(null),
  dependent_value: z.string().nullable().default(null),
  min_date: dateLimit.nullable().default(null),
  max_date: dateLimit.nullable().default(null),
});
export type FieldDefinition = z.output<typeof fieldDefinitionSchema>;

/**
 * Answers with these names also fill the staff record (see the onboarding service), so their
 * fields must give values of the column's kind.
 */
export const RESERVED_NAME_TYPES: Record<string, readonly FieldType[]> = {
  date_of_birth: ['date'],
  known_as: ['text'],
  mobile: ['phone', 'text'],
  nok_name: ['text'],
  nok_phone: ['phone', 'text'],
  address_line1: ['text'],
  address_line2: ['text'],
  address_line3: ['text'],
  address_county: ['text', 'select'],
  address_postal_code: ['text'],
  // Moved to the member's bank details when onboarding completes; checked as My Details checks them.
  [BANK_ACCOUNT_FIELD]: ['text'],
  [SORT_CODE_FIELD]: ['text'],
};

/** Bank details fill the record as a pair: a fieldset asking for one asks for the other. */
const BANK_PAIRS = [
  [BANK_ACCOUNT_FIELD, SORT_CODE_FIELD],
  [SORT_CODE_FIELD, BANK_ACCOUNT_FIELD],
] as const;

/** A fieldset file as HR writes it (JSON or YAML), checked for consistency across fields. */
export const fieldsetSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    fields: z.array(fieldDefinitionSchema).min(1, 'needs at least one field'),
  })
  .superRefine((fs, ctx) => {
    const ids = new Map(fs.fields.map((f) => [f.id, f]));
    const names = new Set(fs.fields.map((f) => f.name));
    for (const [name, other] of BANK_PAIRS) {
      const i = fs.fields.findIndex((f) => f.name === name);
      if (i !== -1 && !names.has(other)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'name'],
          message: `a field named ${name} needs a field named ${other} too: bank details fill the staff record together`,
        });
      }
    }
    const seenIds = new Set<number>();
    const seenNames = new Set<string>();
    fs.fields.forEach((f, i) => {
      const at = (key: string) => ['fields', i, key];
      if (seenIds.has(f.id)) ctx.addIssue({ code: 'custom', path: at('id'), message: `id ${f.id} is used twice` });
      seenIds.add(f.id);
      if (seenNames.has(f.name))
        ctx.addIssue({ code: 'custom', path: at('name'), message: `name "${f.name}" is used twice` });
      seenNames.add(f.name);
      const expected = Object.hasOwn(RESERVED_NAME_TYPES, f.name) ? RESERVED_NAME_TYPES[f.name] : undefined;
      if (expected && !expected.includes(f.type)) {
        ctx.addIssue({
          code: 'custom',
          path: at('type'),
          message: `a field named ${f.name} fills the staff record and must be of type ${expected.join(' or ')}`,
        });
      }
      if ((f.type === 'select' || f.type === 'radio') && !f.allowed_values?.length) {
        ctx.addIssue({ code: 'custom', path: at('allowed_values'), message: `a ${f.type} field needs allowed_values` });
      }
      if (f.input_pattern !== null && !compilePattern(f.input_pattern)) {
        ctx.addIssue({ code: 'custom', path: at('input_pattern'), message: 'is not a valid pattern' });
      }
      if ((f.dependent_field === null) !== (f.dependent_value === null)) {
        ctx.addIssue({
          code: 'custom',
          path: at('dependent_field'),
          message: 'dependent_field and dependent_value go together',
        });
      }
      if (f.dependent_field !== null) {
        const target = ids.get(f.dependent_field);
        if (!target || target.id === f.id) {
          ctx.addIssue({
            code: 'custom',
            path: at('dependent_field'),
            message: `no other field has id ${f.dependent_field}`,
          });
        } else if (DISPLAY_ONLY_TYPES.includes(target.type)) {
          ctx.addIssue({
            code: 'custom',
            path: at('dependent_field'),
            message: 'cannot depend on a title or content field',
          });
        } else if (target.allowed_values && !target.allowed_values.some((a) => a.key === f.dependent_value)) {
          ctx.addIssue({
            code: 'custom',
            path: at('dependent_value'),
            message: `is not one of the keys of field ${target.id}`,
          });
        }
      }
    });
  });
export type Fieldset = z.output<typeof fieldsetSchema>;

/** An uploaded file as a form keeps it (docs/product.md#onboarding: an object with original_filename). */
export const fileValueSchema = storedFileSchema;

/** A form value: text (dates as YYYY-MM-DD), a number, an uploaded file, or nothing. */
export const fieldValueSchema = z.union([z.string().max(2000), z.number(), fileValueSchema, z.null()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** docs/product.md#onboarding: "Onboard error". */
export const onboardErrorSchema = z.object({ field: z.string(), error: z.string() });
export type OnboardError = z.infer<typeof onboardErrorSchema>;

/** docs/product.md#onboarding: "Onboarding status": the whole body of the onboarding calls (docs/architecture.md#wire-conventions). */
export const onboardingStatusSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  data: z.object({ forename: z.string() }),
  /** Answers so far, by field name. */
  fields: z.record(z.string(), fieldValueSchema),
  fieldset: z.object({ data: z.object({ name: z.string(), fields: z.array(fieldDefinitionSchema) }) }),
  errors: z.array(onboardErrorSchema),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/** `POST /staff/self-service-onboard/<token>`: the form values by field name (docs/product.md#onboarding). */
export const saveDetailsBodySchema = z.object({
  fields: z.record(z.string().max(64), fieldValueSchema).refine((r) => Object.keys(r).length <= 200, 'Too many fields'),
});
export type SaveDetailsBody = z.infer<typeof saveDetailsBodySchema>;

/** `GET .../contract/text`: the contract HTML, or a PDF address in meta.url (docs/product.md#onboarding: "Contract text"). */
export const contractTextAnswerSchema = z.object({
  data: z.string(),
  meta: z.object({ url: z.string().nullable(), title: z.string() }),
});
export type ContractTextAnswer = z.infer<typeof contractTextAnswerSchema>;

/** `POST .../password` (docs/product.md#onboarding rules, checked on the server too). */
export const setPasswordBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH),
  password_check: z.string().max(PASSWORD_MAX_LENGTH),
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/**
 * Largest body of a draft save, in bytes (docs/product.md#drafts): room for any real form, and
 * under the 64 KiB browsers allow a `keepalive` request, so the save sent as the page goes away fits.
 */
export const DRAFT_BODY_LIMIT = 32 * 1024;

/** The draft's counter: a save with a revision not above the kept one changes nothing. */
const draftRevisionSchema = z.number().int().positive().max(2_147_483_647);

/**
 * `POST /staff/self-service-onboard/<token>/draft`: the details form as typed so far, every field that takes an
 * answer (hidden ones too, so switching a dependency back restores them), unchecked but for names and shapes.
 */
export const saveDraftBodySchema = z.object({
  fields: saveDetailsBodySchema.shape.fields,
  revision: draftRevisionSchema,
});
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

/** A kept draft: its answers (files as their stored file objects), revision and time of the last save (ISO 8601). */
export const onboardingDraftSchema = z.object({
  fields: z.record(z.string(), fieldValueSchema),
  revision: draftRevisionSchema,
  updated_at: z.string(),
});
export type OnboardingDraft = z.infer<typeof onboardingDraftSchema>;

/** `GET .../draft`: the kept draft, or null when there is none (never after the details step). */
export const draftAnswerSchema = z.object({ data: onboardingDraftSchema.nullable() });
export type DraftAnswer = z.infer<typeof draftAnswerSchema>;

/**
 * `POST .../draft`: the revision now kept and when it was saved. A revision above the one sent means a newer save
 * (another tab) was kept and this one changed nothing.
 */
export const draftSavedAnswerSchema = z.object({
  data: onboardingDraftSchema.pick({ revision: true, updated_at: true }),
});
export type DraftSavedAnswer = z.infer<typeof draftSavedAnswerSchema>;
