import { useEffect, useState, useSyncExternalStore } from 'react';

/** The signs that someone has started to use the page, after which such code is fetched. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** A module fetched on first use, and the hook a stand-in draws with until it has arrived. */
export interface CodeOnFirstUse<M> {
  /** Fetches the module, once; a failed fetch is forgotten so the next use tries again. */
  load: () => Promise<M>;
  /**
   * The module once loaded; `failed` after a fetch asked for by `load(onFail)` failed. Mounting it
   * starts the fetch at the page's first use (a tap, a key, a focus anywhere).
   */
  useOnUse: () => { loaded: M | undefined; failed: boolean; load: (onFail: () => void) => Promise<unknown> };
}

/**
 * Code a survey question needs only once the member works with it ("import on interaction",
 * docs/decisions/0010-lean-first-load.md): the survey paints without it, and by the time the member
 * reaches the question it has usually arrived.
 */
export function codeOnFirstUse<M>(importer: () => Promise<M>): CodeOnFirstUse<M> {
  let code: Promise<M> | undefined;
  let loaded: M | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const load = (): Promise<M> => {
    code ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (err: unknown) => {
        code = undefined;
        throw err;
      },
    );
    return code;
  };

  function useOnUse() {
    const current = useSyncExternalStore(
      subscribe,
      () => loaded,
      () => undefined,
    );
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      const start = () => void load().catch(() => {});
      for (const type of FIRST_USE_EVENTS)
        document.addEventListener(type, start, { capture: true, once: true, passive: true });
      return () => {
        for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, start, { capture: true });
      };
    }, []);
    const loadNow = (onFail: () => void) =>
      load().catch(() => {
        onFail();
        setFailed(true);
      });
    return { loaded: current, failed, load: loadNow };
  }

  return { load, useOnUse };
}
