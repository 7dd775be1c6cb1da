import { useMutation } from '@tanstack/react-query';
import { download } from '@web/lib/download';
import { saveFile } from '@web/lib/save-file';

/**
 * GET /staff/self-service/my-data (docs/product.md#subject-access): everything held about the signed-in
 * member as one zip (summary.html, data.json, files/). A session without a recent second factor is
 * answered 402: the two-factor dialog opens and the call goes again by itself once it is passed
 * (lib/api-client.ts). 429 after 10 downloads in an hour.
 */
export async function downloadMyData(): Promise<void> {
  const { data } = await download('/staff/self-service/my-data');
  saveFile(data.blob, data.filename ?? 'My Staffroom data.zip');
}

/** The "Download my data" action: its pending state is the button's spinner. */
export function useDownloadMyData() {
  return useMutation({ mutationKey: ['my-details', 'my-data'], mutationFn: downloadMyData });
}
