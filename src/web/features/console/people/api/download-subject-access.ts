import { useMutation } from '@tanstack/react-query';
import { download } from '@web/lib/download';
import { saveFile } from '@web/lib/save-file';

/**
 * GET /admin/people/<id>/subject-access.zip (HR, docs/product.md#subject-access): everything held about
 * the person, leavers too, as one zip (bank details masked). A session without a recent second factor is
 * answered 402: the two-factor dialog opens and the call goes again by itself once it is passed
 * (lib/api-client.ts). 403 'Only HR can do that.', 404, 429.
 */
export async function downloadSubjectAccess(id: string): Promise<void> {
  const { data } = await download(`/admin/people/${encodeURIComponent(id)}/subject-access.zip`);
  saveFile(data.blob, data.filename ?? 'Staffroom data.zip');
}

/** HR's "Download their data" action: its pending state is the button's spinner. */
export function useDownloadSubjectAccess() {
  return useMutation({ mutationKey: ['admin', 'subject-access'], mutationFn: downloadSubjectAccess });
}
