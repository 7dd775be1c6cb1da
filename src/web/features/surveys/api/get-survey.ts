import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Survey, SurveyAnswer } from '@shared/api/surveys.js';
import { api } from '@web/lib/api-client';
import { supportedQuestions } from '../lib/answers';

/**
 * GET /rest/staff-survey/<id>: the survey with its questions (docs/product.md#surveys); `locations` questions
 * come with the venues as allowed_values. Questions of a type this page does not know are dropped
 * here with a console warning (docs/product.md#surveys), once per load rather than on every render.
 */
export async function getSurvey(id: number): Promise<Survey> {
  const response = await api.get<SurveyAnswer>(`/rest/staff-survey/${id}`);
  const survey = response.data.data;
  return { ...survey, questions: supportedQuestions(survey.questions) };
}

/** Query key of one survey. */
export const surveyQueryKey = (id: number) => ['survey', id] as const;

/** Query options of one survey. */
export function surveyQueryOptions(id: number) {
  return queryOptions({ queryKey: surveyQueryKey(id), queryFn: () => getSurvey(id) });
}

/** One survey (loading, error and data states of the query). */
export function useSurvey(id: number) {
  return useQuery(surveyQueryOptions(id));
}
