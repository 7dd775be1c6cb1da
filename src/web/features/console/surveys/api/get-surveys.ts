import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleSurvey } from '@shared/api/console/surveys.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/surveys (docs/product.md#console-surveys): every survey with its current `version`, the
 * question count of that version, the answers the console's scope may see (`responses`, all versions)
 * and its `versions`, oldest first, each with its own count. 403 without a console role.
 */
export async function getSurveys(): Promise<ConsoleSurvey[]> {
  const response = await api.get<{ data: ConsoleSurvey[] }>('/admin/surveys');
  return response.data.data;
}

export const SURVEYS_QUERY_KEY = ['admin', 'surveys'] as const;

/** Query options of the surveys list. */
export function surveysQueryOptions() {
  return queryOptions({ queryKey: SURVEYS_QUERY_KEY, queryFn: getSurveys });
}

/** The console's surveys (loading, error and data states of the query). */
export function useSurveys() {
  return useQuery(surveysQueryOptions());
}
