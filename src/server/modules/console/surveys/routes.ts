/** The console's surveys: results, the CSV and imports (docs/product.md#console-surveys), under `/api/admin`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleSurveysAnswerSchema,
  importSurveyAnswerSchema,
  importSurveyBodySchema,
  surveyParamsSchema,
  surveyResultsAnswerSchema,
  surveyResultsQuerySchema,
} from '@shared/api/console/surveys.js';
import { exportSurveyResults, loadSurveyVersion } from '@server/modules/surveys/index.js';
import type { Services } from '@server/services.js';
import { requireHr } from '@server/modules/console/shared/scope.js';
import { importConsoleSurvey } from './import-survey.js';
import { getSurveyResults, listConsoleSurveys } from './surveys.js';
import { z } from 'zod';
import { consoleRouteKit } from '@server/modules/console/shared/route-kit.js';

export async function surveysRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { r, e, tags, signedIn, scopeOf } = consoleRouteKit(app, opts.services);
  const { services } = opts;
  const { consoleDb } = opts.services;

  r.get(
    '/admin/surveys',
    {
      schema: {
        summary: 'Surveys with the number of answers the console may see',
        tags,
        response: { 200: consoleSurveysAnswerSchema, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({ data: await listConsoleSurveys({ db: consoleDb, scope: await scopeOf(request) }) }),
  );

  r.get(
    '/admin/surveys/:surveyId/results',
    {
      schema: {
        summary:
          'A survey version’s results per question (?version=N, default the current one), over the answers the console may see',
        tags,
        params: surveyParamsSchema,
        querystring: surveyResultsQuerySchema,
        response: { 200: surveyResultsAnswerSchema, 400: e, 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await getSurveyResults({
        db: consoleDb,
        scope: await scopeOf(request),
        surveyId: request.params.surveyId,
        version: request.query.version,
      }),
    }),
  );

  r.get(
    '/admin/surveys/:surveyId/results.csv',
    {
      schema: {
        summary:
          'Every answer to a survey version (?version=N, default the current one) as CSV, one row per submission (HR)',
        tags,
        params: surveyParamsSchema,
        querystring: surveyResultsQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: e, 403: e, 404: e },
      },
      preHandler: [app.requireStaff, async (request: FastifyRequest) => requireHr(await scopeOf(request))],
    },
    async (request, reply) => {
      const { surveyId } = request.params;
      const { version } = await loadSurveyVersion({ services, surveyId, version: request.query.version });
      const csv = await exportSurveyResults({ services, surveyId, version });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="survey-${surveyId}-v${version}.csv"`)
        .send(csv);
    },
  );

  r.post(
    '/admin/surveys',
    {
      schema: {
        summary: 'Import a survey from a YAML or JSON file: a new survey, or with an existing id its next version (HR)',
        tags,
        body: importSurveyBodySchema,
        response: { 200: importSurveyAnswerSchema, 400: e, 403: e },
      },
      bodyLimit: 1_100_000,
      ...signedIn,
    },
    async (request) => ({
      data: await importConsoleSurvey({
        services,
        scope: await scopeOf(request),
        filename: request.body.filename,
        content: request.body.content,
        id: request.body.id,
      }),
    }),
  );
}
