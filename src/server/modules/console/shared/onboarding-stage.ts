/** Where a person stands in onboarding, as the people list and the joiners board show it (docs/product.md#joiners). */
import type { OnboardingStage } from '@shared/api/console/shared.js';
import type { OnboardingStep } from '@shared/api/onboarding.js';

/** Where a person stands in onboarding, from their onboarding row (none: added without one). */
export function onboardingStage(
  row: { step: OnboardingStep | null; linkExpiresAt: Date | null; onboardComplete: boolean | null },
  now = new Date(),
): OnboardingStage {
  if (!row.step) return row.onboardComplete ? 'complete' : 'none';
  if (row.step !== 'complete' && row.linkExpiresAt && row.linkExpiresAt <= now) return 'expired';
  return row.step;
}
