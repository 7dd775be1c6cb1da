import Chip from '@mui/material/Chip';
import type { OnboardingStage } from '@shared/api/console/shared.js';
import { ONBOARDING_STAGES } from '../lib/onboarding-stage';

/** A person's onboarding stage as a small chip (docs/product.md#people). */
export function OnboardingChip({ stage }: { stage: OnboardingStage }) {
  const { label, colour, variant } = ONBOARDING_STAGES[stage];
  return <Chip size="small" label={label} color={colour} variant={variant} />;
}
