import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Survey, SurveyAnswer } from '@shared/api/surveys.js';
import { EMBEDDED_SURVEY_ELEMENT_ID } from '@shared/survey-page.js';
import { api } from '@web/lib/api-client';
import { takeEmbeddedJson } from '@web/lib/embedded-json';
import { supportedQuestions } from '../lib/answers';

/**
 * GET /rest/staff-survey/<id>: the survey with its questions (docs/product.md#surveys); `locations` questions
 * come with the venues as allowed_values. Questions of a type this page does not know are dropped
 * here with a console warning (docs/product.md#surveys), once per load rather than on every render.
 */
export async function getSurvey(id: number): Promise<Survey> {
  const response = await api.get<SurveyAnswer>(`/rest/staff-survey/${id}`);
  return shown(response.data.data);
}

const shown = (survey: Survey): Survey => ({ ...survey, questions: supportedQuestions(survey.questions) });

/**
 * The survey `id` as the page carried it (src/server/plugins/spa.ts), once: the element is removed,
 * so a later visit asks the server. Undefined when the page carries none or another survey.
 */
function takeEmbeddedSurvey(id: number): Survey | undefined {
  const survey = takeEmbeddedJson<Survey>(EMBEDDED_SURVEY_ELEMENT_ID);
  return survey?.id === id ? shown(survey) : undefined;
}

/** Query key of one survey. */
export const surveyQueryKey = (id: number) => ['survey', id] as const;

/** How long a survey the page carried counts as fresh: the screen draws it without asking again. */
const CARRIED_FRESH_MS = 60_000;

/** Query options of one survey: the one the page carried, if any, else asked for. */
export function surveyQueryOptions(id: number) {
  return queryOptions({
    queryKey: surveyQueryKey(id),
    queryFn: () => getSurvey(id),
    initialData: () => takeEmbeddedSurvey(id),
    initialDataUpdatedAt: () => Date.now(),
    // Only the carried copy is kept a while (it has not updated since); an asked-for one is asked again on the next visit.
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? CARRIED_FRESH_MS : 0),
  });
}

/** One survey (loading, error and data states of the query). */
export function useSurvey(id: number) {
  return useQuery(surveyQueryOptions(id));
}
