import { useMutation } from '@tanstack/react-query';
import type { SubmitSurveyAnswer, SubmitSurveyBody } from '@shared/api/surveys.js';
import { api } from '@web/lib/api-client';

/**
 * POST /rest/staff-survey/<id> `{ completed_by, answers: [{ id, answer }] }` (docs/product.md#surveys): answers
 * `{ id, message }`; a 400 with `errors.fields` (field = question id), a 401 when completed_by is not
 * the signed-in member (docs/product.md#surveys), a 404 for an unknown survey.
 */
export async function submitSurvey(id: number, body: SubmitSurveyBody): Promise<SubmitSurveyAnswer['data']> {
  const response = await api.post<SubmitSurveyAnswer>(`/rest/staff-survey/${id}`, body);
  return response.data.data;
}

/** Submits the answers of survey `id`. */
export function useSubmitSurvey(id: number) {
  return useMutation({
    mutationKey: ['survey', id, 'submit'],
    mutationFn: (body: SubmitSurveyBody) => submitSurvey(id, body),
  });
}
