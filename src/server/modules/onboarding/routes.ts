/**
 * Onboarding calls of docs/product.md#onboarding under `/api`, reached with the joiner's link token (no session):
 * status, save details, the draft of the details form, contract text and PDF, sign, password, and the file
 * upload of file fields.
 * Every lookup is rate-limited per address (docs/architecture.md#identity).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import { uploadFileAnswerSchema, uploadFileBodySchema } from '@shared/api/files.js';
import {
  contractTextAnswerSchema,
  DRAFT_BODY_LIMIT,
  draftAnswerSchema,
  draftSavedAnswerSchema,
  onboardingStatusSchema,
  saveDetailsBodySchema,
  saveDraftBodySchema,
  setPasswordBodySchema,
} from '@shared/api/onboarding.js';
import { signBodySchema, tokenParamsSchema } from '@shared/api/documents.js';
import type { Services } from '@server/services.js';
import { withUri } from '@server/modules/files/index.js';
import { sendPdf, UPLOAD_BODY_LIMIT } from '@server/lib/http.js';
import {
  getOnboardingContractPdf,
  getOnboardingContractText,
  getOnboardingStatus,
  saveOnboardingDetails,
  setOnboardingPassword,
  signOnboardingContract,
  uploadOnboardingFile,
} from './service.js';
import { getOnboardingDraft, saveOnboardingDraft } from './drafts.js';

const e = errorEnvelopeSchema;
const tags = ['onboarding'];

export async function onboardingRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  // Every call here is limited per address, together (plugins/link-token-limit.ts).
  app.addHook('onRequest', app.limitLinkTokens);
  const base = '/staff/self-service-onboard/:token';

  r.get(
    base,
    {
      schema: {
        summary: 'Onboarding status: step, forename, answers so far and the fieldset',
        tags,
        params: tokenParamsSchema,
        response: { 200: onboardingStatusSchema, 404: e, 429: e },
      },
    },
    async (request) => getOnboardingStatus({ services, token: request.params.token, log: request.log }),
  );

  r.post(
    base,
    {
      schema: {
        summary: 'Save the details form; answers per-field errors, or the status at the contract step',
        tags,
        params: tokenParamsSchema,
        body: saveDetailsBodySchema,
        response: { 200: onboardingStatusSchema, 400: e, 404: e, 409: e, 429: e },
      },
    },
    async (request) =>
      saveOnboardingDetails({
        services,
        token: request.params.token,
        fields: request.body.fields,
        ip: request.ip,
        log: request.log,
      }),
  );

  r.get(
    `${base}/draft`,
    {
      schema: {
        summary: 'The draft of the details form kept as the joiner types, or null (none, or past the details step)',
        tags,
        params: tokenParamsSchema,
        response: { 200: draftAnswerSchema, 404: e, 429: e },
      },
    },
    async (request) => ({
      data: await getOnboardingDraft({ services, token: request.params.token, log: request.log }),
    }),
  );

  r.post(
    `${base}/draft`,
    {
      schema: {
        summary: `Keep the details form as typed so far (unchecked but for names and files; ${DRAFT_BODY_LIMIT / 1024} KiB at most); an older revision changes nothing`,
        tags,
        params: tokenParamsSchema,
        body: saveDraftBodySchema,
        response: { 200: draftSavedAnswerSchema, 400: e, 404: e, 409: e, 413: e, 429: e },
      },
      bodyLimit: DRAFT_BODY_LIMIT,
    },
    async (request) => ({
      data: await saveOnboardingDraft({
        services,
        token: request.params.token,
        fields: request.body.fields,
        revision: request.body.revision,
      }),
    }),
  );

  r.get(
    `${base}/contract/text`,
    {
      schema: {
        summary: 'The contract to sign: HTML, or a PDF address in meta.url',
        tags,
        params: tokenParamsSchema,
        response: { 200: contractTextAnswerSchema, 404: e, 409: e, 429: e },
      },
    },
    async (request) =>
      getOnboardingContractText({
        services,
        token: request.params.token,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  r.get(
    `${base}/contract/pdf`,
    {
      schema: {
        summary: 'The contract as a PDF (the signed PDF with its certificate page once signed)',
        tags,
        params: tokenParamsSchema,
        response: { 200: z.any().describe('application/pdf'), 404: e, 409: e, 429: e },
      },
    },
    async (request, reply) => {
      const { bytes, title } = await getOnboardingContractPdf({ services, token: request.params.token });
      return sendPdf(reply, bytes, title);
    },
  );

  r.post(
    `${base}/contract/sign`,
    {
      schema: {
        summary: 'Sign the contract; answers the status at the password step',
        tags,
        params: tokenParamsSchema,
        body: signBodySchema,
        response: { 200: onboardingStatusSchema, 400: e, 404: e, 409: e, 429: e },
      },
    },
    async (request) =>
      signOnboardingContract({
        services,
        token: request.params.token,
        signatureData: request.body.signature_data,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        log: request.log,
      }),
  );

  r.post(
    `${base}/password`,
    {
      schema: {
        summary: 'Set the portal password (docs/product.md#onboarding rules); answers the status at the complete step',
        tags,
        params: tokenParamsSchema,
        body: setPasswordBodySchema,
        response: { 200: onboardingStatusSchema, 400: e, 404: e, 409: e, 429: e },
      },
    },
    async (request) =>
      setOnboardingPassword({
        services,
        token: request.params.token,
        password: request.body.password,
        passwordCheck: request.body.password_check,
        ip: request.ip,
        log: request.log,
      }),
  );

  r.post(
    '/staff/self-service/:token/file',
    {
      schema: {
        summary: 'Upload a file for an onboarding file field (PDF, JPEG, PNG or WebP, 10 MB at most)',
        tags,
        params: tokenParamsSchema,
        body: uploadFileBodySchema,
        response: { 200: uploadFileAnswerSchema, 400: e, 404: e, 409: e, 413: e, 415: e, 429: e },
      },
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
    async (request) => {
      const stored = await uploadOnboardingFile({
        services,
        token: request.params.token,
        fileData: request.body.file_data,
        filename: request.body.filename,
        bucket: request.body.bucket,
      });
      return { data: withUri(services, stored) };
    },
  );
}
