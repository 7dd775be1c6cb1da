import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftSavedAnswer, SaveDraftBody } from '@shared/api/onboarding.js';
import { api, isNetworkFailure, statusOf } from '@web/lib/api-client';
import { DraftSaver, type DraftFields, type DraftSaveState } from '../lib/draft-saver';
import { onboardPath } from './get-onboarding-status';

/**
 * POST /staff/self-service-onboard/<token>/draft `{ fields, revision }`: keeps the details form as typed
 * (docs/product.md#drafts); answers the revision kept, above `revision` when a newer save won.
 * 400 for names not on the form or files not the joiner's, 409 past the details step, 413 over 32 KiB.
 */
export async function saveOnboardingDraft(
  token: string,
  body: SaveDraftBody,
  options: { keepalive?: boolean } = {},
): Promise<DraftSavedAnswer['data']> {
  const path = `${onboardPath(token)}/draft`;
  return (await api.post<DraftSavedAnswer>(path, body, { keepalive: options.keepalive })).data.data;
}

/** No answer, a busy server or the rate limit: worth trying again. A refusal (400, 404, 409, 413) is not. */
function worthRetrying(error: unknown): boolean {
  const status = statusOf(error);
  return isNetworkFailure(error) || status === 408 || status === 429 || (status !== undefined && status >= 500);
}

/**
 * Saves the draft of the details form as the joiner types (lib/draft-saver.ts): `change` after every
 * edit, `flush` when a field is left; the page being hidden or left sends what is unsaved with
 * `keepalive`. Starts counting from the restored draft's `revision`; `state` drives the status line.
 * Stops when the form goes (the details were saved, or the page changed).
 */
export function useOnboardingDraftSaver(token: string, revision: number, initialState: DraftSaveState) {
  const [state, setState] = useState<DraftSaveState>(initialState);
  const saver = useRef<DraftSaver | null>(null);
  useEffect(() => {
    const current = new DraftSaver({
      send: (body, options) => saveOnboardingDraft(token, body, options),
      revision,
      onState: setState,
      shouldRetry: worthRetrying,
    });
    saver.current = current;
    const leave = () => current.flush({ keepalive: true });
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      current.stop();
      if (saver.current === current) saver.current = null;
    };
  }, [token, revision]);
  const change = useCallback((fields: DraftFields) => saver.current?.change(fields), []);
  const flush = useCallback(() => saver.current?.flush(), []);
  return { state, change, flush };
}
