import type { OnboardingStage } from '@shared/api/console/shared.js';

type ChipColour = 'default' | 'success' | 'error' | 'info';

/**
 * How the console shows a person's onboarding stage (docs/product.md#people): the step a joiner is on,
 * `complete`, `expired` for a link past its date, `none` for someone added without one.
 */
export const ONBOARDING_STAGES: Record<
  OnboardingStage,
  { label: string; colour: ChipColour; variant: 'filled' | 'outlined' }
> = {
  details: { label: 'Details', colour: 'info', variant: 'outlined' },
  contract: { label: 'Contract', colour: 'info', variant: 'outlined' },
  password: { label: 'Password', colour: 'info', variant: 'outlined' },
  complete: { label: 'Complete', colour: 'success', variant: 'filled' },
  expired: { label: 'Link expired', colour: 'error', variant: 'outlined' },
  none: { label: 'No onboarding', colour: 'default', variant: 'outlined' },
};

/** The console roles by the names HR knows them by. */
export const ROLE_LABELS = { hr: 'HR', manager: 'Venue manager' } as const;
