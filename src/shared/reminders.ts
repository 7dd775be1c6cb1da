/**
 * Reminders (docs/product.md#reminders): the kinds HR can switch off in Set-up. Zod-free, so the web may
 * use the names and labels at run time.
 */
export const REMINDER_KINDS = [
  'onboarding_stalled',
  'unsigned_document',
  'vehicle_expiry',
  'insurance_expiry',
  'weekly_digest',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_LABELS: Record<ReminderKind, { title: string; detail: string }> = {
  onboarding_stalled: {
    title: 'Unfinished onboarding',
    detail: 'To a joiner who has not finished onboarding, after 2 and 5 days',
  },
  unsigned_document: {
    title: 'Unsigned contracts and agreements',
    detail: 'To the person, after 3 and 7 days',
  },
  vehicle_expiry: {
    title: 'Vehicle MOT expiring',
    detail: 'To a member whose mileage vehicle’s MOT expires within 30 days, and once it has expired',
  },
  insurance_expiry: {
    title: 'Vehicle insurance ending',
    detail: 'To a member whose approved mileage vehicle insurance ends within 30 days, and once it has ended',
  },
  weekly_digest: {
    title: 'Weekly digest',
    detail: 'To HR and each manager on Monday mornings: right-to-work expiries and stalled joiners',
  },
};
