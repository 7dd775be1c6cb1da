/**
 * Survey calls of docs/product.md#surveys under `/api` (signed in): the survey, its submission, and the photo
 * upload of file questions (`rest/image/upload-public`, survey bucket; images only).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import { uploadFileAnswerSchema, uploadFileBodySchema } from '@shared/api/files.js';
import {
  submitSurveyAnswerSchema,
  submitSurveyBodySchema,
  surveyAnswerSchema,
  surveyParamsSchema,
} from '@shared/api/surveys.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { UPLOAD_BODY_LIMIT } from '@server/lib/http.js';
import { uploadFile, withUri } from '@server/modules/files/index.js';
import { getSurvey, submitSurvey } from './service.js';

const e = errorEnvelopeSchema;
const tags = ['surveys'];

export async function surveyRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;

  r.get(
    '/rest/staff-survey/:id',
    {
      schema: {
        summary: 'A survey with its questions',
        tags,
        params: surveyParamsSchema,
        response: { 200: surveyAnswerSchema, 400: e, 403: e, 404: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({ data: await getSurvey({ services, id: request.params.id }) }),
  );

  r.post(
    '/rest/staff-survey/:id',
    {
      schema: {
        summary:
          'Submit answers (completed_by must be the signed-in member: 401 otherwise; a version no longer current: 409)',
        tags,
        params: surveyParamsSchema,
        body: submitSurveyBodySchema,
        response: { 200: submitSurveyAnswerSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      preHandler: app.requireStaff,
    },
    async (request) => ({
      data: await submitSurvey({
        services,
        surveyId: request.params.id,
        staffId: request.session!.staffId,
        completedBy: request.body.completed_by,
        answers: request.body.answers,
        version: request.body.version,
        ip: request.ip,
      }),
    }),
  );

  r.post(
    '/rest/image/upload-public',
    {
      schema: {
        summary: 'Upload a photo for a survey answer (JPEG, PNG or WebP, 10 MB at most)',
        tags,
        body: uploadFileBodySchema,
        response: { 200: uploadFileAnswerSchema, 400: e, 403: e, 413: e, 415: e, 429: e },
      },
      bodyLimit: UPLOAD_BODY_LIMIT,
      preHandler: app.requireStaff,
    },
    async (request) => {
      if ((request.body.bucket ?? 'survey') !== 'survey')
        throw new AppError('BAD_REQUEST', 'Photos can only be uploaded for surveys here.', [
          { field: 'bucket', error: 'must be survey' },
        ]);
      const stored = await uploadFile({
        services,
        ownerStaffId: request.session!.staffId,
        bucket: 'survey',
        fileData: request.body.file_data,
        filename: request.body.filename,
        allowed: ['image/jpeg', 'image/png', 'image/webp'],
      });
      return { data: withUri(services, stored) };
    },
  );
}
