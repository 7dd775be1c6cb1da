/**
 * Drafts of the details form (docs/product.md#drafts, docs/decisions/0018-onboarding-drafts.md):
 * the answers as the joiner types them, kept on the server under the link so a refused Continue, a reload
 * or the next visit of the link starts from them. A draft is not checked beyond names and shapes; Continue
 * still validates everything. The answers are sealed as one JSON object, so every answer is encrypted at rest.
 */
import { eq, lt } from 'drizzle-orm';
import type { FieldValue, OnboardingDraft } from '@shared/api/onboarding.js';
import { isDisplayOnly } from '@shared/field-rules.js';
import { onboardingDrafts, onboardings } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { openField, sealField } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { reportUnopenedSeal, type SealLog } from '@server/lib/unopened-seals.js';
import type { Services } from '@server/services.js';
import { findOnboarding, findOnboardingUpload, requireStep, WRONG_STEP, type OnboardingRow } from './service.js';
import { isFileAnswer } from './file-answers.js';

/** The sealing context: a draft copied to another onboarding's row does not open. */
const draftContext = sealContext.onboardingDraft;

/**
 * The answers a draft may keep: names of the form's answerable fields only, files only in file fields and
 * only the joiner's own uploads (kept as the stored file, not as sent).
 * @throws AppError BAD_REQUEST with one `fields` entry per problem.
 */
async function draftAnswers(
  services: Services,
  row: OnboardingRow,
  fields: Record<string, FieldValue>,
): Promise<Record<string, FieldValue>> {
  const byName = new Map(row.fields.filter((f) => !isDisplayOnly(f.type)).map((f) => [f.name, f]));
  const answers: Record<string, FieldValue> = {};
  const errors: { field: string; error: string }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const field = byName.get(name);
    if (!field) errors.push({ field: name, error: 'is not a question on this form' });
    else if (field.type !== 'file') {
      if (isFileAnswer(value)) errors.push({ field: name, error: 'cannot be answered with a file' });
      else answers[name] = value;
    } else if (value === null) answers[name] = null;
    else {
      const file = isFileAnswer(value) ? await findOnboardingUpload(services, row, value.id) : undefined;
      if (file) answers[name] = file;
      else errors.push({ field: name, error: isFileAnswer(value) ? 'Upload the file again' : 'Upload the file' });
    }
  }
  if (errors.length) throw new AppError('BAD_REQUEST', 'This draft cannot be kept.', errors);
  return answers;
}

/**
 * `GET /staff/self-service-onboard/<token>/draft`: the kept draft, or null when there is none; always null
 * once the details are saved (the form is not shown again), and null for a draft that does not open,
 * which `log` is told of (lib/unopened-seals.ts).
 * @throws AppError NOT_FOUND for an unknown or expired link.
 */
export async function getOnboardingDraft(opts: {
  services: Services;
  token: string;
  log: SealLog;
}): Promise<OnboardingDraft | null> {
  const { services } = opts;
  const row = await findOnboarding(services, opts.token);
  if (row.step !== 'details') return null;
  const [draft] = await services.db
    .select()
    .from(onboardingDrafts)
    .where(eq(onboardingDrafts.onboardingId, row.id))
    .limit(1);
  if (!draft) return null;
  let fields: Record<string, FieldValue>;
  try {
    fields = JSON.parse(openField(services.fieldKeys, draft.answersSealed, draftContext(row.id))) as Record<
      string,
      FieldValue
    >;
  } catch {
    // Sealed under a key no longer in use: a draft is a convenience, the form starts empty and the next save replaces it.
    reportUnopenedSeal({ log: opts.log, field: 'onboarding_drafts.answers_sealed', rowId: row.id });
    return null;
  }
  return { fields, revision: draft.revision, updated_at: draft.updatedAt.toISOString() };
}

/**
 * `POST /staff/self-service-onboard/<token>/draft`: replaces the draft with `fields`, unless a save with a
 * higher `revision` is already kept (an older save arriving late, or another tab), which changes nothing.
 * @returns the revision kept and its time: above `revision` when the newer one won.
 * @throws AppError NOT_FOUND (link), CONFLICT after the details step, BAD_REQUEST (names, files).
 */
export async function saveOnboardingDraft(opts: {
  services: Services;
  token: string;
  fields: Record<string, FieldValue>;
  revision: number;
}): Promise<{ revision: number; updated_at: string }> {
  const { services } = opts;
  const row = await findOnboarding(services, opts.token);
  requireStep(row, 'details');
  const answers = await draftAnswers(services, row, opts.fields);
  const sealed = sealField(services.fieldKeys, JSON.stringify(answers), draftContext(row.id));
  const kept = await services.db.transaction(async (tx) => {
    // Under the onboarding's row lock, so a Continue saving the details (which deletes the draft) is
    // either before this, and nothing is kept, or after it, and the draft goes with it.
    const [current] = await tx
      .select({ step: onboardings.step })
      .from(onboardings)
      .where(eq(onboardings.id, row.id))
      .for('update');
    if (current?.step !== 'details') throw new AppError('CONFLICT', WRONG_STEP[current?.step ?? 'details']);
    await tx
      .insert(onboardingDrafts)
      .values({ onboardingId: row.id, answersSealed: sealed, revision: opts.revision, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: onboardingDrafts.onboardingId,
        set: { answersSealed: sealed, revision: opts.revision, updatedAt: new Date() },
        setWhere: lt(onboardingDrafts.revision, opts.revision),
      });
    const [draft] = await tx
      .select({ revision: onboardingDrafts.revision, updatedAt: onboardingDrafts.updatedAt })
      .from(onboardingDrafts)
      .where(eq(onboardingDrafts.onboardingId, row.id));
    return draft!;
  });
  return { revision: kept.revision, updated_at: kept.updatedAt.toISOString() };
}
