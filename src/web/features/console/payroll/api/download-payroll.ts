import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** The file name the server gives the export (content-disposition), for the saved file. */
export const payrollFilename = (since: string) => `new-starters-since-${since}.csv`;

/**
 * GET /admin/payroll.csv?since=YYYY-MM-DD (HR, docs/product.md#payroll-hand-off): the CSV of new starters
 * since the date, bank details and NI numbers in full. A session without a recent second factor is
 * answered 402: the two-factor dialog opens and the call goes again by itself once it is passed
 * (lib/api-client.ts). 400 for a bad date, 403 'Only HR can do that.'
 */
export async function getPayrollCsv(since: string): Promise<string> {
  const response = await api.get<string>('/admin/payroll.csv', { params: { since } });
  return response.data ?? '';
}

/** Hands `text` to the browser as a downloaded file called `filename`. */
export function saveTextFile(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches the payroll CSV and saves it as a file (the mutation's pending state is the spinner). */
export function useDownloadPayroll() {
  return useMutation({
    mutationKey: ['admin', 'payroll'],
    mutationFn: async (since: string) => {
      saveTextFile(await getPayrollCsv(since), payrollFilename(since));
    },
  });
}
