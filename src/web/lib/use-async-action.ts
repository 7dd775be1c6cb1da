import { useCallback, useState } from 'react';

type ActionState<T> =
  { status: 'idle' | 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * A one-off call a screen makes on demand, with its pending, success and error states (the part of
 * a TanStack mutation the sign-in screen needs). Only for screens that must render before the query
 * library has loaded (docs/decisions/0010-lean-first-load.md); everything else uses TanStack Query.
 * @param action a stable function (declared at module level), started by `run(...args)`.
 */
export function useAsyncAction<A extends unknown[], T>(action: (...args: A) => Promise<T>) {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const run = useCallback(
    (...args: A) => {
      setState({ status: 'pending' });
      action(...args).then(
        (data) => setState({ status: 'success', data }),
        (error: unknown) => setState({ status: 'error', error }),
      );
    },
    [action],
  );
  return {
    run,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.status === 'error' ? state.error : null,
  };
}
