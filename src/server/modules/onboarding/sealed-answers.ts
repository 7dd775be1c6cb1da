/**
 * A joiner's saved answers, sealed at rest (docs/decisions/0036-saved-onboarding-answers-sealed.md).
 * The answers hold an NI number and right-to-work documents, and fieldsets are data HR writes with
 * nothing marking a field as sensitive, so the whole object is sealed, as a draft is: with the field
 * key (lib/field-crypto.ts, AES-256-GCM) and the context `onboarding-answers:<onboarding id>`, so a
 * sealed object copied to another row does not open. The uploads among the answers stay in plain
 * `answers` as well, as the form keeps them (the `files` rows hold the same in plain): the clean-up
 * finds there the uploads a record still names, also when an earlier version runs it.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { onboardings } from '@server/db/schema.js';
import { openField, sealField, type FieldKeyring } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { reportUnopenedSeal, type SealLog } from '@server/lib/unopened-seals.js';
import type { FieldValue } from '@shared/api/onboarding.js';
import { uploadsOf } from './file-answers.js';

type Answers = Record<string, FieldValue>;

const answersContext = sealContext.onboardingAnswers;

/** The columns that keep `answers` for onboarding `onboardingId`: all of them sealed, the uploads also plain. */
export function sealAnswers(
  fieldKeys: FieldKeyring,
  onboardingId: string,
  answers: Answers,
): { answers: Answers; answersSealed: string } {
  return {
    answers: uploadsOf(answers),
    answersSealed: sealField(fieldKeys, JSON.stringify(answers), answersContext(onboardingId)),
  };
}

/**
 * The saved answers of an onboarding row: `{}` before the details are saved. A row an earlier version
 * saved, not sealed yet, is read as it is. Sealed answers that do not open (the encryption key was
 * changed, or the value was copied from another row) read as their uploads alone, as bank details that
 * do not open read as none (modules/staff): the joiner's status and the payroll file still answer, and
 * `log` is told (lib/unopened-seals.ts).
 */
export function openAnswers(
  fieldKeys: FieldKeyring,
  row: { id: string; answers: Answers; answersSealed: string | null },
  log: SealLog,
): Answers {
  if (row.answersSealed === null) return row.answers;
  try {
    return JSON.parse(openField(fieldKeys, row.answersSealed, answersContext(row.id))) as Answers;
  } catch {
    reportUnopenedSeal({ log, field: 'onboardings.answers_sealed', rowId: row.id });
    return row.answers;
  }
}

/**
 * Seals the answers an earlier version (before migration 0018) kept in plain JSON, leaving their uploads plain, a batch
 * of rows at a time. The partial index `onboardings_plain_answers_idx` finds them and is empty once they
 * are sealed, so a call with nothing to seal costs one index probe. Run by every start, before the
 * server answers, and by the hourly clean-up, for rows an instance still on the older build saves
 * meanwhile. @returns how many rows were sealed.
 */
export async function sealPlainAnswers(opts: { db: Db; fieldKeys: FieldKeyring }): Promise<number> {
  const plain = and(isNull(onboardings.answersSealed), ne(onboardings.answers, sql`'{}'::jsonb`));
  let sealed = 0;
  for (;;) {
    const rows = await opts.db
      .select({ id: onboardings.id, answers: onboardings.answers })
      .from(onboardings)
      .where(plain)
      .limit(100);
    if (!rows.length) return sealed;
    for (const row of rows) {
      // Only while still unsealed: another instance's start may have sealed it since.
      const updated = await opts.db
        .update(onboardings)
        .set(sealAnswers(opts.fieldKeys, row.id, row.answers))
        .where(and(eq(onboardings.id, row.id), isNull(onboardings.answersSealed)))
        .returning({ id: onboardings.id });
      sealed += updated.length;
    }
  }
}
