import { ukToday } from '@shared/uk-today';
import { formatDisplayDate } from '@web/lib/format-date';

/** A stored word (`insurance_approved`, `sign-in`) as words with a capital: 'Insurance approved'. */
export function inWords(value: string): string {
  const words = value
    .replace(/[_.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

/** A vehicle's insurance state as the console says it (the server sends `none`, `pending`, `approved` or `rejected`). */
export function insuranceText(state: string): string {
  const known: Record<string, string> = {
    none: 'no document',
    pending: 'awaiting approval',
    approved: 'approved',
    rejected: 'rejected',
  };
  return known[state] ?? inWords(state).toLowerCase();
}

/**
 * A vehicle's insurance on a person's page: its state, and for an approved document the last day of its
 * cover ('approved, cover ends 30/11/2027', 'approved, cover ended 01/11/2026'; `today` a UK date,
 * YYYY-MM-DD). A document approved before the date was asked for has none and says only 'approved'.
 */
export function vehicleInsuranceText(
  vehicle: { insurance: string; cover_ends: string | null },
  today = ukToday(),
): string {
  const state = insuranceText(vehicle.insurance);
  if (vehicle.insurance !== 'approved' || !vehicle.cover_ends) return state;
  const ended = vehicle.cover_ends < today;
  return `${state}, cover ${ended ? 'ended' : 'ends'} ${formatDisplayDate(vehicle.cover_ends)}`;
}
