import { useMutation } from '@tanstack/react-query';
import { download } from '@web/lib/download';
import { saveFile } from '@web/lib/save-file';
import { useDetailsT } from '../i18n';

/**
 * GET /staff/self-service/my-data (docs/product.md#subject-access): everything held about the signed-in
 * member as one zip (summary.html, data.json, files/), saved as the server names it or else as
 * `fallbackName`. A session without a recent second factor is answered 402: the two-factor dialog
 * opens and the call goes again by itself once it is passed (lib/api-client.ts). 429 after 10
 * downloads in an hour.
 */
export async function downloadMyData(fallbackName: string): Promise<void> {
  const { data } = await download('/staff/self-service/my-data');
  saveFile(data.blob, data.filename ?? fallbackName);
}

/** The "Download my data" action: its pending state is the button's spinner. */
export function useDownloadMyData() {
  const t = useDetailsT();
  return useMutation({
    mutationKey: ['my-details', 'my-data'],
    mutationFn: () => downloadMyData(t('details.myData.filename')),
  });
}
