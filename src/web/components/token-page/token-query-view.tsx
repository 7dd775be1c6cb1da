import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <Spinner minHeight="40vh" />;
  if (statusOf(query.error) === 404) return <InvalidLink />;
  return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
}
