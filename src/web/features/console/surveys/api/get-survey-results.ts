import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyResults } from '@shared/api/console/surveys.js';
import { api } from '@web/lib/api-client';
import { SURVEYS_QUERY_KEY } from './get-surveys';

/**
 * GET /admin/surveys/:id/results[?version=N] (docs/product.md#console-surveys): one version's results
 * per question (default the current version), counted over the answers the console's scope may see:
 * `counts` for bars (keys '1'..'5'), radio, select and locations, the newest `answers` for text, with
 * `version`, `current_version` and every version for the selector. 404 for an unknown survey or version.
 */
export async function getSurveyResults(id: number, version?: number): Promise<SurveyResults> {
  const response = await api.get<{ data: SurveyResults }>(`/admin/surveys/${id}/results`, {
    params: version === undefined ? undefined : { version: String(version) },
  });
  return response.data.data;
}

/** Query options of a survey version's results (`version` undefined: the current one). */
export function surveyResultsQueryOptions(id: number, version?: number) {
  return queryOptions({
    queryKey: [...SURVEYS_QUERY_KEY, id, 'results', version ?? 'current'] as const,
    queryFn: () => getSurveyResults(id, version),
    // Another version chosen keeps the page in place while its numbers load.
    placeholderData: keepPreviousData,
  });
}

/** A survey version's results (loading, error and data states of the query). */
export function useSurveyResults(id: number, version?: number) {
  return useQuery(surveyResultsQueryOptions(id, version));
}

/** The same-origin address of a version's CSV (HR): a plain link downloads it with the session cookie. */
export const surveyCsvHref = (id: number, version: number) => `/api/admin/surveys/${id}/results.csv?version=${version}`;
