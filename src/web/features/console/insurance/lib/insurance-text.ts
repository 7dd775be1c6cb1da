import dayjs from 'dayjs';
import { ukToday } from '@shared/uk-today';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { formatDisplayDate } from '@web/lib/format-date';
import { daysText } from '@web/features/console/shared/lib/joiners-board';

/**
 * A vehicle's MOT as the insurance queue says it (docs/product.md#insurance-queue): when it expires
 * and how its last test went, the expiry first when it has passed, since that is what HR must act
 * on ('Passed · expires 30/11/2026', 'Expired 19/09/2026 · last test passed'); null when the lookup
 * knew neither.
 */
export function motText(
  vehicle: Pick<PendingInsurance, 'mot_expiry' | 'mot_passed'>,
  today = dayjs(ukToday()),
): string | null {
  const result = vehicle.mot_passed === true ? 'passed' : vehicle.mot_passed === false ? 'failed' : null;
  const past = vehicle.mot_expiry !== null && dayjs(vehicle.mot_expiry).isBefore(today, 'day');
  const parts = past
    ? [`expired ${formatDisplayDate(vehicle.mot_expiry!)}`, result && `last test ${result}`]
    : [result, vehicle.mot_expiry && `expires ${formatDisplayDate(vehicle.mot_expiry)}`];
  const text = parts.filter(Boolean).join(' · ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : null;
}

/** When the document arrived and how long it has waited: '12/03/2026 (3 days)', '14/03/2026 (today)'; null when not known. */
export function sinceText(since: string | null, now = dayjs()): string | null {
  if (!since) return null;
  const days = Math.max(0, now.startOf('day').diff(dayjs(since).startOf('day'), 'day'));
  return `${formatDisplayDate(since)} (${days === 0 ? 'today' : daysText(days)})`;
}
