/**
 * HR's survey import from the console (docs/product.md#console-surveys): a YAML or JSON file, validated
 * exactly as `survey import` does.
 */
import { importSurvey, parseSurvey } from '@server/modules/surveys/index.js';
import type { Services } from '@server/services.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/**
 * HR imports a survey: new, or with an existing `id` its next version (docs/product.md#console-surveys).
 * @throws AppError FORBIDDEN for a manager; BAD_REQUEST with the validator's message (nothing stored).
 */
export async function importConsoleSurvey(opts: {
  services: Services;
  scope: ConsoleScope;
  filename: string;
  content: string;
  id?: number;
}) {
  requireHr(opts.scope);
  const survey = await parseSurvey(opts.content, opts.filename);
  const { id, version, replaced } = await importSurvey({
    services: opts.services,
    survey,
    id: opts.id,
    actor: `staff:${opts.scope.actorId}`,
  });
  return { id, created: !replaced, version };
}
