/**
 * Console calls of docs/product.md#console under `/api/admin` (signed in, with a console role): every
 * answer filtered by the caller's scope (scope.ts); changing a role needs HR and a fresh second factor.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addPersonBodySchema,
  documentParamsSchema,
  documentsAnswerSchema,
  documentsQuerySchema,
  previewTemplateBodySchema,
  templateAnswerSchema,
  templateParamsSchema,
  templatesAnswerSchema,
  templatesQuerySchema,
  uploadTemplateBodySchema,
  addVenueBodySchema,
  approveInsuranceBodySchema,
  consoleMeAnswerSchema,
  consoleSurveysAnswerSchema,
  importAnswerSchema,
  importFileBodySchema,
  importSurveyBodySchema,
  insuranceDecisionAnswerSchema,
  issueDocumentsAnswerSchema,
  issueDocumentsBodySchema,
  insuranceQueueAnswerSchema,
  invitationAnswerSchema,
  inviteBodySchema,
  joinersAnswerSchema,
  payrollQuerySchema,
  peopleAnswerSchema,
  peopleQuerySchema,
  personAnswerSchema,
  personParamsSchema,
  previewDocumentAnswerSchema,
  previewDocumentBodySchema,
  rejectInsuranceBodySchema,
  roleBodySchema,
  surveyParamsSchema,
  surveyResultsAnswerSchema,
  surveyResultsQuerySchema,
  importSurveyAnswerSchema,
  tillKeyAnswerSchema,
  tillKeyParamsSchema,
  updateVenueBodySchema,
  vehicleParamsSchema,
  venueAnswerSchema,
  venueParamsSchema,
  venuesAnswerSchema,
  addPositionBodySchema,
  fieldsetAnswerSchema,
  fieldsetParamsSchema,
  fieldsetsAnswerSchema,
  positionAnswerSchema,
  positionParamsSchema,
  positionsAnswerSchema,
  updatePositionBodySchema,
} from '@shared/api/admin.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import type { Services } from '@server/services.js';
import { decideInsurance, listInsuranceQueue } from './insurance.js';
import { inviteFromConsole, listJoiners, resendJoinerLink, revokeJoinerLink } from './joiners.js';
import { getConsoleMe, getPerson, listPeople, markTrainingComplete, resetPersonSelfie } from './people.js';
import { consoleDocumentPdf, issueConsoleDocuments, listConsoleDocuments, previewConsoleDocument } from './documents.js';
import { archiveConsoleTemplate, listConsoleTemplates, previewConsoleTemplate, uploadConsoleTemplate } from './templates.js';
import { sendPdf } from '@server/lib/http.js';
import { addConsolePerson, importConsoleFieldset, importConsoleSurvey } from './imports.js';
import { exportPayroll } from './payroll.js';
import { setConsoleRole } from './roles.js';
import { getSurveyResults, listConsoleSurveys } from './surveys.js';
import { exportSurveyResults, loadSurveyVersion } from '@server/modules/surveys/index.js';
import { addVenue, createVenueTillKey, listVenues, revokeVenueTillKey, updateVenue } from './venues.js';
import { consoleScope, requireHr } from './scope.js';
import { getFieldset, listFieldsets } from './fieldsets.js';
import { addPosition, listPositions, updatePosition } from './positions.js';

const e = errorEnvelopeSchema;
const tags = ['console'];

export async function adminRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const { db } = services;
  const signedIn = { preHandler: app.requireStaff };
  const scopeOf = (request: FastifyRequest) => consoleScope({ db, staffId: request.session!.staffId, role: request.session!.staff.role });

  r.get('/admin/me', {
    schema: { summary: 'The signed-in person’s console role and the venues they may see', tags, response: { 200: consoleMeAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await getConsoleMe({ db, scope: await scopeOf(request) }) }));

  r.get('/admin/people', {
    schema: { summary: 'People the console may see: searched, sorted, one page', tags, querystring: peopleQuerySchema, response: { 200: peopleAnswerSchema, 400: e, 403: e } },
    ...signedIn,
  }, async (request) => listPeople({ db, scope: await scopeOf(request), query: request.query }));

  r.get('/admin/people/:id', {
    schema: { summary: 'A person’s page: details (bank details masked), documents, vehicles, history', tags, params: personParamsSchema, response: { 200: personAnswerSchema, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await getPerson({ db, scope: await scopeOf(request), id: request.params.id }) }));

  r.post('/admin/people/:id/selfie-reset', {
    schema: { summary: 'Remove a person’s picture so they can take a new one', tags, params: personParamsSchema, response: { 200: personAnswerSchema, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await resetPersonSelfie({ services, scope: await scopeOf(request), id: request.params.id }) }));

  r.post('/admin/people/:id/training-complete', {
    schema: { summary: 'Mark a person’s initial training complete', tags, params: personParamsSchema, response: { 200: personAnswerSchema, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await markTrainingComplete({ db, scope: await scopeOf(request), id: request.params.id, ip: request.ip }) }));

  r.post('/admin/people/:id/role', {
    schema: { summary: 'Grant or revoke a console role (HR only, needs a second factor in the last 15 minutes)', tags, params: personParamsSchema, body: roleBodySchema, response: { 200: personAnswerSchema, 400: e, 402: e, 403: e, 404: e } },
    preHandler: [app.requireStaff, async (request: FastifyRequest) => requireHr(await scopeOf(request)), app.requireStepUp],
  }, async (request) => {
    const scope = await scopeOf(request);
    // The person must be one the console may see before anything changes.
    await getPerson({ db, scope, id: request.params.id });
    await setConsoleRole({ db, who: { id: request.params.id }, role: request.body.role, venues: { ids: request.body.venue_ids ?? [] }, actor: `staff:${scope.actorId}`, ip: request.ip });
    return { data: await getPerson({ db, scope, id: request.params.id }) };
  });

  r.get('/admin/insurance', {
    schema: { summary: 'Insurance documents waiting for a decision, oldest first', tags, response: { 200: insuranceQueueAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listInsuranceQueue({ services, scope: await scopeOf(request) }) }));

  r.post('/admin/insurance/:vehicleId/approve', {
    schema: { summary: 'Approve a vehicle’s insurance document', tags, params: vehicleParamsSchema, body: approveInsuranceBodySchema, response: { 200: insuranceDecisionAnswerSchema, 400: e, 403: e, 404: e, 409: e } },
    ...signedIn,
  }, async (request) => ({
    data: await decideInsurance({ services, scope: await scopeOf(request), vehicleId: request.params.vehicleId, documentId: request.body.document_id, decision: { approve: true } }),
  }));

  r.post('/admin/insurance/:vehicleId/reject', {
    schema: { summary: 'Reject a vehicle’s insurance document with the reason the member sees', tags, params: vehicleParamsSchema, body: rejectInsuranceBodySchema, response: { 200: insuranceDecisionAnswerSchema, 400: e, 403: e, 404: e, 409: e } },
    ...signedIn,
  }, async (request) => ({
    data: await decideInsurance({ services, scope: await scopeOf(request), vehicleId: request.params.vehicleId, documentId: request.body.document_id, decision: { reason: request.body.reason } }),
  }));

  r.get('/admin/joiners', {
    schema: { summary: 'Joiners by onboarding stage, with how long each has waited', tags, response: { 200: joinersAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listJoiners({ db, scope: await scopeOf(request) }) }));

  r.post('/admin/joiners', {
    schema: { summary: 'Invite a joiner to one of your venues: the onboarding link is emailed', tags, body: inviteBodySchema, response: { 200: invitationAnswerSchema, 400: e, 403: e, 409: e } },
    ...signedIn,
  }, async (request) => ({ data: await inviteFromConsole({ services, scope: await scopeOf(request), body: request.body }) }));

  r.post('/admin/joiners/:id/resend', {
    schema: { summary: 'Send a joiner a new onboarding link (the old one stops working)', tags, params: personParamsSchema, response: { 200: invitationAnswerSchema, 403: e, 404: e, 409: e } },
    ...signedIn,
  }, async (request) => ({ data: await resendJoinerLink({ services, scope: await scopeOf(request), id: request.params.id }) }));

  r.post('/admin/joiners/:id/revoke', {
    schema: { summary: 'Stop a joiner’s onboarding link working', tags, params: personParamsSchema, response: { 204: z.null().describe('revoked'), 403: e, 404: e, 409: e } },
    ...signedIn,
  }, async (request, reply) => {
    await revokeJoinerLink({ db, scope: await scopeOf(request), id: request.params.id, ip: request.ip });
    return reply.code(204).send(null);
  });

  r.get('/admin/venues', {
    schema: { summary: 'Venues the console may see, with people counts and till keys', tags, response: { 200: venuesAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listVenues({ db, scope: await scopeOf(request) }) }));

  r.post('/admin/venues', {
    schema: { summary: 'Add a venue (HR)', tags, body: addVenueBodySchema, response: { 200: venueAnswerSchema, 400: e, 403: e, 409: e } },
    ...signedIn,
  }, async (request) => ({ data: await addVenue({ db, scope: await scopeOf(request), name: request.body.name, brand: request.body.brand, ip: request.ip }) }));

  r.post('/admin/venues/:venueId', {
    schema: { summary: 'Rename, re-brand, archive or bring back a venue (HR)', tags, params: venueParamsSchema, body: updateVenueBodySchema, response: { 200: venueAnswerSchema, 400: e, 403: e, 404: e, 409: e } },
    ...signedIn,
  }, async (request) => ({ data: await updateVenue({ db, scope: await scopeOf(request), venueId: request.params.venueId, change: request.body, ip: request.ip }) }));

  r.post('/admin/venues/:venueId/till-keys', {
    schema: { summary: 'Create a till key for a venue, shown once (needs a second factor in the last 15 minutes)', tags, params: venueParamsSchema, response: { 200: tillKeyAnswerSchema, 400: e, 402: e, 403: e, 404: e } },
    preHandler: [app.requireStaff, async (request: FastifyRequest) => void (await scopeOf(request)), app.requireStepUp],
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await createVenueTillKey({ services, scope: await scopeOf(request), venueId: request.params.venueId }) };
  });

  r.post('/admin/till-keys/:keyId/revoke', {
    schema: { summary: 'Stop a till key working', tags, params: tillKeyParamsSchema, response: { 204: z.null().describe('revoked'), 403: e, 404: e } },
    ...signedIn,
  }, async (request, reply) => {
    await revokeVenueTillKey({ services, scope: await scopeOf(request), keyId: request.params.keyId });
    return reply.code(204).send(null);
  });

  r.get('/admin/surveys', {
    schema: { summary: 'Surveys with the number of answers the console may see', tags, response: { 200: consoleSurveysAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listConsoleSurveys({ db, scope: await scopeOf(request) }) }));

  r.get('/admin/surveys/:surveyId/results', {
    schema: { summary: 'A survey version’s results per question (?version=N, default the current one), over the answers the console may see', tags, params: surveyParamsSchema, querystring: surveyResultsQuerySchema, response: { 200: surveyResultsAnswerSchema, 400: e, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await getSurveyResults({ db, scope: await scopeOf(request), surveyId: request.params.surveyId, version: request.query.version }) }));

  r.get('/admin/surveys/:surveyId/results.csv', {
    schema: { summary: 'Every answer to a survey version (?version=N, default the current one) as CSV, one row per submission (HR)', tags, params: surveyParamsSchema, querystring: surveyResultsQuerySchema, response: { 200: z.any().describe('text/csv'), 400: e, 403: e, 404: e } },
    preHandler: [app.requireStaff, async (request: FastifyRequest) => requireHr(await scopeOf(request))],
  }, async (request, reply) => {
    const { surveyId } = request.params;
    const { version } = await loadSurveyVersion({ services, surveyId, version: request.query.version });
    const csv = await exportSurveyResults({ services, surveyId, version });
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="survey-${surveyId}-v${version}.csv"`)
      .send(csv);
  });

  r.get('/admin/payroll.csv', {
    schema: { summary: 'New starters’ details for payroll, bank details included, as CSV (HR, needs a second factor in the last 15 minutes)', tags, querystring: payrollQuerySchema, response: { 200: z.any().describe('text/csv'), 400: e, 402: e, 403: e } },
    preHandler: [app.requireStaff, async (request: FastifyRequest) => requireHr(await scopeOf(request)), app.requireStepUp],
  }, async (request, reply) => {
    const { csv } = await exportPayroll({ db, fieldKey: services.fieldKey, scope: await scopeOf(request), since: request.query.since, ip: request.ip, log: request.log });
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="new-starters-since-${request.query.since}.csv"`)
      .send(csv);
  });

  r.post('/admin/people', {
    schema: { summary: 'Add a person who signs in through the group’s provider, without onboarding', tags, body: addPersonBodySchema, response: { 200: personAnswerSchema, 400: e, 403: e, 409: e } },
    ...signedIn,
  }, async (request) => {
    const scope = await scopeOf(request);
    const id = await addConsolePerson({ db, scope, body: request.body });
    return { data: await getPerson({ db, scope, id }) };
  });

  r.post('/admin/documents/preview', {
    schema: { summary: 'What a contract or agreement template would show one person (nothing is stored)', tags, body: previewDocumentBodySchema, response: { 200: previewDocumentAnswerSchema, 400: e, 403: e, 404: e, 413: e, 415: e } },
    bodyLimit: 15 * 1024 * 1024,
    ...signedIn,
  }, async (request) => ({
    data: await previewConsoleDocument({ services, scope: await scopeOf(request), kind: request.body.kind, staffId: request.body.staff_id, choice: request.body, title: request.body.title }),
  }));

  r.post('/admin/documents', {
    schema: { summary: 'Issue a contract or agreement from one template to one or many people, each with an emailed link', tags, body: issueDocumentsBodySchema, response: { 200: issueDocumentsAnswerSchema, 400: e, 403: e, 404: e, 413: e, 415: e } },
    bodyLimit: 15 * 1024 * 1024,
    ...signedIn,
  }, async (request) => ({
    data: await issueConsoleDocuments({ services, scope: await scopeOf(request), kind: request.body.kind, staffIds: request.body.staff_ids, choice: request.body, title: request.body.title }),
  }));

  r.get('/admin/documents', {
    schema: { summary: 'Documents issued to people the console may see, newest first: unsigned, signed or expired, searched, one page', tags, querystring: documentsQuerySchema, response: { 200: documentsAnswerSchema, 400: e, 403: e } },
    ...signedIn,
  }, async (request) => listConsoleDocuments({ db, scope: await scopeOf(request), query: request.query }));

  r.get('/admin/documents/:documentId/pdf', {
    schema: { summary: 'A document’s PDF: once signed, the signed PDF with its certificate page', tags, params: documentParamsSchema, response: { 200: z.any().describe('application/pdf'), 403: e, 404: e } },
    ...signedIn,
  }, async (request, reply) => {
    const { bytes, title } = await consoleDocumentPdf({ services, scope: await scopeOf(request), id: request.params.documentId });
    return sendPdf(reply, bytes, title);
  });

  r.get('/admin/templates', {
    schema: { summary: 'Stored contract and agreement templates (archived ones too with archived=true, HR)', tags, querystring: templatesQuerySchema, response: { 200: templatesAnswerSchema, 400: e, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listConsoleTemplates({ services, scope: await scopeOf(request), archived: request.query.archived === 'true' }) }));

  r.post('/admin/templates', {
    schema: { summary: 'Upload a contract or agreement template, HTML with merge fields or a PDF (HR)', tags, body: uploadTemplateBodySchema, response: { 200: templateAnswerSchema, 400: e, 403: e, 409: e, 413: e, 415: e } },
    bodyLimit: 15 * 1024 * 1024,
    ...signedIn,
  }, async (request) => ({
    data: await uploadConsoleTemplate({ services, scope: await scopeOf(request), name: request.body.name, kind: request.body.kind, template: request.body.template, ip: request.ip }),
  }));

  r.post('/admin/templates/:templateId/preview', {
    schema: { summary: 'A stored template as a chosen person will see it (nothing is stored)', tags, params: templateParamsSchema, body: previewTemplateBodySchema, response: { 200: previewDocumentAnswerSchema, 400: e, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await previewConsoleTemplate({ services, scope: await scopeOf(request), id: request.params.templateId, staffId: request.body.staff_id }) }));

  r.post('/admin/templates/:templateId/archive', {
    schema: { summary: 'Archive a template: no longer offered; what was issued from it stays (HR)', tags, params: templateParamsSchema, response: { 200: templateAnswerSchema, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await archiveConsoleTemplate({ services, scope: await scopeOf(request), id: request.params.templateId, ip: request.ip }) }));

  r.post('/admin/fieldsets', {
    schema: { summary: 'Import an onboarding fieldset from a YAML or JSON file (HR)', tags, body: importFileBodySchema, response: { 200: importAnswerSchema, 400: e, 403: e } },
    bodyLimit: 1_100_000,
    ...signedIn,
  }, async (request) => ({ data: await importConsoleFieldset({ db, scope: await scopeOf(request), filename: request.body.filename, content: request.body.content }) }));

  r.post('/admin/surveys', {
    schema: { summary: 'Import a survey from a YAML or JSON file: a new survey, or with an existing id its next version (HR)', tags, body: importSurveyBodySchema, response: { 200: importSurveyAnswerSchema, 400: e, 403: e } },
    bodyLimit: 1_100_000,
    ...signedIn,
  }, async (request) => ({ data: await importConsoleSurvey({ services, scope: await scopeOf(request), filename: request.body.filename, content: request.body.content, id: request.body.id }) }));

  r.get('/admin/positions', {
    schema: { summary: 'Positions the invite and add-person forms offer, archived ones last', tags, response: { 200: positionsAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listPositions({ db, scope: await scopeOf(request) }) }));

  r.post('/admin/positions', {
    schema: { summary: 'Add a position (HR)', tags, body: addPositionBodySchema, response: { 200: positionAnswerSchema, 400: e, 403: e, 409: e } },
    ...signedIn,
  }, async (request) => ({ data: await addPosition({ db, scope: await scopeOf(request), name: request.body.name, ip: request.ip }) }));

  r.post('/admin/positions/:positionId', {
    schema: { summary: 'Rename, archive or bring back a position (HR)', tags, params: positionParamsSchema, body: updatePositionBodySchema, response: { 200: positionAnswerSchema, 400: e, 403: e, 404: e, 409: e } },
    ...signedIn,
  }, async (request) => ({ data: await updatePosition({ db, scope: await scopeOf(request), positionId: request.params.positionId, change: request.body, ip: request.ip }) }));

  r.get('/admin/fieldsets', {
    schema: { summary: 'Onboarding fieldsets with how many fields each has, newest first', tags, response: { 200: fieldsetsAnswerSchema, 403: e } },
    ...signedIn,
  }, async (request) => ({ data: await listFieldsets({ db, scope: await scopeOf(request) }) }));

  r.get('/admin/fieldsets/:fieldsetId', {
    schema: { summary: 'One onboarding fieldset’s field definitions, to preview the form a joiner fills in', tags, params: fieldsetParamsSchema, response: { 200: fieldsetAnswerSchema, 403: e, 404: e } },
    ...signedIn,
  }, async (request) => ({ data: await getFieldset({ db, scope: await scopeOf(request), fieldsetId: request.params.fieldsetId }) }));
}
