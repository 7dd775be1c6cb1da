/**
 * What a joiner's link page carries (docs/architecture.md#performance): the onboarding status and the
 * draft exactly as `GET /staff/self-service-onboard/<token>` and `.../draft` answer them, so the form
 * draws as soon as the app's code has run instead of asking for both afterwards.
 */
import {
  draftAnswerSchema,
  onboardingStatusSchema,
  type OnboardingDraft,
  type OnboardingStatus,
} from '@shared/api/onboarding.js';
import type { Services } from '@server/services.js';
import type { SealLog } from '@server/lib/unopened-seals.js';
import { getOnboardingDraft } from './drafts.js';
import { getOnboardingStatus } from './service.js';

export interface OnboardingLinkPage {
  token: string;
  status: OnboardingStatus;
  draft: OnboardingDraft | null;
}

/**
 * The status and draft of `token`, each passed through its answer's schema (what the calls would send,
 * nothing more). @throws AppError NOT_FOUND for an unknown or expired link, as the calls do.
 */
export async function readOnboardingLinkPage(opts: {
  services: Services;
  token: string;
  log: SealLog;
}): Promise<OnboardingLinkPage> {
  const status = onboardingStatusSchema.parse(await getOnboardingStatus(opts));
  const { data: draft } = draftAnswerSchema.parse({ data: await getOnboardingDraft(opts) });
  return { token: opts.token, status, draft };
}
