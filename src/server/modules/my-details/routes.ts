/**
 * My Details calls of docs/product.md#my-details under `/api` (signed in): financials (read and changed) and
 * contact details need a fresh second factor (402 otherwise, docs/product.md#my-details); personal details and
 * the picture do not. Every answer shows bank details in full only to a recently stepped-up session.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meAnswerSchema } from '@shared/api/auth.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import {
  contactDetailsBodySchema,
  financialsAnswerSchema,
  financialsBodySchema,
  imageBodySchema,
  languageAnswerSchema,
  languageBodySchema,
  personalBodySchema,
} from '@shared/api/my-details.js';
import { MAX_SELFIE_DATA_LENGTH } from '@shared/upload-rules.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { readBankDetails, withBankDetailsShown } from '@server/modules/staff/index.js';
import { steppedUpRecently } from '@server/plugins/session.js';
import type { Services } from '@server/services.js';
import {
  readOwnSelfie,
  saveSelfie,
  setLanguage,
  updateContactDetails,
  updateFinancials,
  updatePersonal,
} from './service.js';

const e = errorEnvelopeSchema;
const tags = ['my details'];

export async function myDetailsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const signedIn = { preHandler: app.requireStaff };
  const steppedUp = { preHandler: [app.requireStaff, app.requireStepUp] };
  // Every save answers the member as /me shows them to the current session: bank details in full only after a recent step-up.
  const answer = async (request: FastifyRequest, member: StaffMember) => ({
    data: await withBankDetailsShown({
      db: services.db,
      fieldKeys: services.fieldKeys,
      staffId: request.session!.staffId,
      log: request.log,
      steppedUp: steppedUpRecently(request.session),
      member,
    }),
  });

  r.post(
    '/staff/self-service/financials',
    {
      schema: {
        summary: 'Change bank details (needs a second factor in the last 15 minutes)',
        tags,
        body: financialsBodySchema,
        response: { 200: meAnswerSchema, 400: e, 402: e, 403: e },
      },
      ...steppedUp,
    },
    async (request) =>
      answer(
        request,
        await updateFinancials({ services, staffId: request.session!.staffId, body: request.body, ip: request.ip }),
      ),
  );

  r.get(
    '/staff/self-service/financials',
    {
      schema: {
        summary: 'The bank details held, in full (needs a second factor in the last 15 minutes)',
        tags,
        response: { 200: financialsAnswerSchema, 402: e, 403: e },
      },
      ...steppedUp,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        data: await readBankDetails({
          db: services.db,
          fieldKeys: services.fieldKeys,
          staffId: request.session!.staffId,
          log: request.log,
        }),
      };
    },
  );

  r.post(
    '/staff/self-service/contact-details',
    {
      schema: {
        summary: 'Change email address, mobile and next of kin (needs a second factor in the last 15 minutes)',
        tags,
        body: contactDetailsBodySchema,
        response: { 200: meAnswerSchema, 400: e, 402: e, 403: e },
      },
      ...steppedUp,
    },
    async (request) =>
      answer(
        request,
        await updateContactDetails({ services, staffId: request.session!.staffId, body: request.body, ip: request.ip }),
      ),
  );

  r.post(
    '/staff/self-service/personal',
    {
      schema: {
        summary: 'Change preferred name and address (forename and surname are HR’s)',
        tags,
        body: personalBodySchema,
        response: { 200: meAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) =>
      answer(
        request,
        await updatePersonal({ services, staffId: request.session!.staffId, body: request.body, ip: request.ip }),
      ),
  );

  r.post(
    '/staff/self-service/image',
    {
      schema: {
        summary: 'Save the profile picture, once (JPEG or PNG)',
        tags,
        body: imageBodySchema,
        response: { 200: meAnswerSchema, 400: e, 403: e, 413: e, 415: e },
      },
      bodyLimit: MAX_SELFIE_DATA_LENGTH + 16 * 1024,
      ...signedIn,
    },
    async (request) =>
      answer(
        request,
        await saveSelfie({
          services,
          staffId: request.session!.staffId,
          imageData: request.body.image_data,
          ip: request.ip,
        }),
      ),
  );

  r.get(
    '/staff/self-service/selfie/:fileId',
    {
      schema: {
        summary: 'The signed-in member’s own profile picture (JPEG)',
        tags,
        params: z.object({ fileId: z.string().max(64) }),
        response: { 200: z.any().describe('image/jpeg'), 403: e, 404: e },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const bytes = await readOwnSelfie({ services, staffId: request.session!.staffId, fileId: request.params.fileId });
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );

  r.post(
    '/staff/self-service/language',
    {
      schema: {
        summary: 'Choose the language of the staff side (null for English)',
        tags,
        body: languageBodySchema,
        response: { 200: languageAnswerSchema, 400: e, 403: e },
      },
      ...signedIn,
    },
    async (request) => ({
      data: await setLanguage({ services, staffId: request.session!.staffId, language: request.body.language }),
    }),
  );
}
