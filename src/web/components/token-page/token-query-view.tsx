import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { statusOf } from '@web/lib/api-client';
import { QueryErrorAlert } from '../ui/query-error-alert';
import { Spinner } from '../ui/spinner';
import { InvalidLink } from './invalid-link';

/**
 * The states of a link-token page's first call: a centred spinner while loading, the
 * invalid-link message on a 404 (unknown or expired token), any other failure as an alert with
 * 'Try again', and `children(data)` once loaded (kept if a later refetch fails).
 */
export function TokenQueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  // The answer is drawn at a transition's priority: React renders a long form in slices a slow phone
  // can interrupt, instead of one long task (docs/decisions/0022-something-on-screen-at-once.md); the spinner stays meanwhile.
  const data = useDeferredValue(query.data);
  if (data !== undefined) return children(data);
  if (query.isPending || query.data !== undefined) return <Spinner minHeight="40vh" />;
  if (statusOf(query.error) === 404) return <InvalidLink />;
  return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
}
