import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportSurveyAnswer } from '@shared/api/console/surveys.js';
import { api } from '@web/lib/api-client';
import { SURVEYS_QUERY_KEY } from './get-surveys';

export type ImportedSurvey = ImportSurveyAnswer['data'];

/**
 * POST /admin/surveys `{ filename, content, id? }` (HR, docs/product.md#console-surveys): a YAML
 * (.yaml/.yml) or JSON survey file validated as `survey import` does; without `id` a new survey, with
 * it the survey's next version (earlier answers stay with theirs). Answers `{ id, created, version }`.
 * A bad file is answered 400 with every problem in `errors.message` ('pulse.yaml is not a valid
 * survey:\n  questions.0.type: …'); a manager 403 'Only HR can do that.'
 */
export async function importSurvey(body: { filename: string; content: string; id?: number }): Promise<ImportedSurvey> {
  const response = await api.post<ImportSurveyAnswer>('/admin/surveys', body);
  return response.data.data;
}

/** Imports a survey file and refreshes the surveys and their results. */
export function useImportSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'surveys', 'import'],
    mutationFn: importSurvey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SURVEYS_QUERY_KEY }),
  });
}
