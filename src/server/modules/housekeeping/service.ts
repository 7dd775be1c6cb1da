/**
 * The clean-up job (docs/architecture.md#housekeeping): removes what nobody will use again.
 *
 * - Uploads no record refers to, a day after they were made: a file is attached while a member's
 *   picture, a document, a vehicle, one of its owner's survey answers or its owner's onboarding answers
 *   name it, or a stored document template is it (saved answers keep their files whether the onboarding
 *   finished or its link ran out, since HR may send a new link), and a joiner's onboarding upload not yet in saved answers is attached
 *   until the onboarding's link expires. This also removes the signature and signed PDF of a signing
 *   interrupted between storing them and recording the signature.
 * - Sessions that ended (expired, revoked or idle) over RETENTION_SESSIONS_DAYS ago (a day by default:
 *   what the audit trail of a sign-out may still want to join), two-factor challenges that expired as
 *   long ago, and the embedded provider's expired records.
 * - Drafts of the onboarding details form (docs/decisions/0018-onboarding-drafts.md) whose link has
 *   expired, or whose onboarding is past the details step (saving the details deletes its draft already).
 * - Set-your-password links (docs/product.md#password-links) past their expiry: they open nothing, and
 *   only a new link replaces a row otherwise.
 * - Deliveries (lib/delivery-queue.ts) sent or given up over RETENTION_DELIVERIES_DAYS ago (30 by default,
 *   for questions about a message: "did it go?"): their bodies are already gone, and `delivery.failed`
 *   audit rows keep what HR needs.
 * - The console's leaving flag (`staff.is_leaving`) of people whose access has ended: it is a superset of
 *   who is leaving, kept small for its partial index by this round, never read by the rules of access
 *   (docs/decisions/0072-leaving-flag-for-the-console.md).
 *
 * Erasing what a retention period covers is the retention job's (retention.ts), run after this one.
 *
 * After the round it seals a joiner's answers that an instance still on an earlier version saved in
 * plain JSON (modules/onboarding `sealPlainAnswers`; every start does the same).
 *
 * One runner at a time across every instance: the job runs in a transaction that first takes a
 * PostgreSQL advisory lock, and an instance that cannot take it skips the round.
 */
import { and, inArray, isNull, lt, lte, or, sql, type Column } from 'drizzle-orm';
import {
  deliveries,
  documents,
  documentTemplates,
  files,
  oidcPayloads,
  onboardingDrafts,
  onboardings,
  passwordLinks,
  rightToWorkCheckFiles,
  sessions,
  staff,
  surveySubmissions,
  tfaChallenges,
  vehicles,
} from '@server/db/schema.js';
import { shiftInUk } from '@server/lib/uk-days.js';
import { sealPlainAnswers } from '@server/modules/onboarding/index.js';
import type { Services } from '@server/services.js';

/** The advisory lock's key: any constant the rest of the app does not use ("staffroom clean-up"). */
const CLEAN_UP_LOCK = 7_431_001;
/** An upload no record names is kept this long, for the form it was made for to be saved. */
export const UNATTACHED_UPLOAD_GRACE_MS = 24 * 60 * 60_000;
/** Files looked at per round, so one round never holds the lock for long. */
const FILE_BATCH = 500;

export type CleanUpResult =
  | { ran: false }
  | {
      ran: true;
      files: number;
      sessions: number;
      providerRecords: number;
      deliveries: number;
      drafts: number;
      passwordLinks: number;
      challenges: number;
      /** People whose leaving flag was cleared, their access having ended. */
      leavingFlags: number;
      answersSealed: number;
    };

/**
 * Whether the file is named by any record that keeps it. Answers hold file ids inside JSON; a UUID found
 * anywhere in the answers' text is a reference (it cannot appear there by chance). Answers are only
 * searched among the file owner's own rows (an upload belongs to who made it), by indexed staff id.
 */
const attached = (now: Date) => {
  const named = (jsonColumn: Column) => sql`position(${files.id}::text in ${jsonColumn}::text) > 0`;
  return or(
    sql`exists (select 1 from ${staff} where ${staff.selfieFileId} = ${files.id})`,
    sql`exists (select 1 from ${documents} where ${documents.sourceFileId} = ${files.id} or ${documents.signatureFileId} = ${files.id} or ${documents.signedFileId} = ${files.id})`,
    sql`exists (select 1 from ${vehicles} where ${vehicles.insuranceFileId} = ${files.id})`,
    sql`exists (select 1 from ${documentTemplates} where ${documentTemplates.fileId} = ${files.id})`,
    sql`exists (select 1 from ${rightToWorkCheckFiles} where ${rightToWorkCheckFiles.fileId} = ${files.id})`,
    sql`exists (select 1 from ${onboardings} where ${onboardings.staffId} = ${files.ownerStaffId} and (${named(onboardings.answers)} or (${files.bucket} = 'onboarding' and ${onboardings.completedAt} is null and ${onboardings.expiresAt} > ${now})))`,
    sql`exists (select 1 from ${surveySubmissions} where ${surveySubmissions.staffId} = ${files.ownerStaffId} and ${named(surveySubmissions.answers)})`,
  );
};

/**
 * Runs one round of the clean-up. @returns `{ ran: false }` when another instance holds the lock.
 * File bytes are deleted from storage after the rows' transaction commits; a crash in between leaves
 * bytes without a row, never a row without its bytes.
 */
export async function runCleanUp(opts: {
  services: Pick<Services, 'db' | 'storage' | 'config' | 'fieldKeys'>;
  now?: Date;
}): Promise<CleanUpResult> {
  const { db, storage, config, fieldKeys } = opts.services;
  const now = opts.now ?? new Date();
  const idleMs = config.session.idleMinutes * 60_000;
  const outcome = await db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEAN_UP_LOCK}) as locked`);
    if (!(lock as unknown as { rows: { locked?: boolean }[] }).rows[0]?.locked) return undefined;

    const uploadedBefore = new Date(now.getTime() - UNATTACHED_UPLOAD_GRACE_MS);
    const unattached = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(lt(files.createdAt, uploadedBefore), sql`not (${attached(now)})`))
      .limit(FILE_BATCH);
    const removed = unattached.length
      ? await tx
          .delete(files)
          .where(
            inArray(
              files.id,
              unattached.map((f) => f.id),
            ),
          )
          .returning({ storageKey: files.storageKey })
      : [];

    const endedBefore = shiftInUk(now, -config.retention.sessionsDays, 'day');
    const ended = await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, endedBefore),
          lt(sessions.revokedAt, endedBefore),
          lt(sessions.lastSeenAt, new Date(endedBefore.getTime() - idleMs)),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    const expired = await tx
      .delete(oidcPayloads)
      .where(lt(oidcPayloads.expiresAt, now))
      .returning({ id: oidcPayloads.id });
    // Read from the drafts (a handful) into onboardings by primary key, never the other way round.
    const staleDrafts = await tx
      .delete(onboardingDrafts)
      .where(
        sql`exists (select 1 from ${onboardings} where ${onboardings.id} = ${onboardingDrafts.onboardingId} and (${onboardings.expiresAt} <= ${now} or ${onboardings.step} <> 'details'))`,
      )
      .returning({ id: onboardingDrafts.onboardingId });
    const deadLinks = await tx
      .delete(passwordLinks)
      .where(lt(passwordLinks.expiresAt, now))
      .returning({ staffId: passwordLinks.staffId });
    const challenges = await tx
      .delete(tfaChallenges)
      .where(lt(tfaChallenges.expiresAt, endedBefore))
      .returning({ id: tfaChallenges.id });
    const finishedBefore = shiftInUk(now, -config.retention.deliveriesDays, 'day');
    const finished = await tx
      .delete(deliveries)
      .where(or(lt(deliveries.sentAt, finishedBefore), lt(deliveries.gaveUpAt, finishedBefore)))
      .returning({ id: deliveries.id });
    // Whose access has ended (or, by any mistake, was never set). The flag as its partial index's own
    // predicate, so the round reads the few it holds.
    const settled = await tx
      .update(staff)
      .set({ isLeaving: false })
      .where(and(sql`${staff.isLeaving}`, or(isNull(staff.accessEndsAt), lte(staff.accessEndsAt, now))))
      .returning({ id: staff.id });
    return {
      storageKeys: removed.map((r) => r.storageKey),
      sessions: ended.length,
      providerRecords: expired.length,
      deliveries: finished.length,
      drafts: staleDrafts.length,
      passwordLinks: deadLinks.length,
      challenges: challenges.length,
      leavingFlags: settled.length,
    };
  });
  if (!outcome) return { ran: false };
  await Promise.all(outcome.storageKeys.map((key) => storage.delete(key)));
  // Answers an instance still on an earlier version (before migration 0018) saved in plain since the last start.
  const answersSealed = await sealPlainAnswers({ db, fieldKeys });
  return {
    ran: true,
    files: outcome.storageKeys.length,
    sessions: outcome.sessions,
    providerRecords: outcome.providerRecords,
    deliveries: outcome.deliveries,
    drafts: outcome.drafts,
    passwordLinks: outcome.passwordLinks,
    challenges: outcome.challenges,
    leavingFlags: outcome.leavingFlags,
    answersSealed,
  };
}
