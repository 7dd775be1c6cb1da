import type { PersonRow } from '@shared/api/console/people.js';
import type { LeavingReason } from '@shared/leavers.js';
import { formatDisplayDate } from '@web/lib/format-date';

/** How the console names each leaving reason (docs/product.md#leavers). */
export const LEAVING_REASON_LABELS: Record<LeavingReason, string> = {
  resigned: 'Resigned',
  end_of_contract: 'End of contract',
  dismissed: 'Dismissed',
  other: 'Other',
};

/**
 * A person's leaving in a few words for the list and their page: "Left 03/07/2026", "Leaves 03/07/2026",
 * or null while they stay.
 */
export function leavingText(person: Pick<PersonRow, 'leaving_date' | 'left'>): string | null {
  if (!person.leaving_date) return null;
  return `${person.left ? 'Left' : 'Leaves'} ${formatDisplayDate(person.leaving_date)}`;
}
