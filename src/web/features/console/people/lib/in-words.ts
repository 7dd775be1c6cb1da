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
