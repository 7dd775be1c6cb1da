/**
 * Turns every failure into the error envelope `{ errors: { message, fields?, code? } }` (docs/architecture.md):
 * coded AppErrors by their status, with their code, schema-validation failures as 400 with per-field errors, Fastify's
 * own client errors (bad JSON, too large, wrong media type) by their 4xx status, and anything else as
 * a 500 whose details stay in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '@shared/api/errors.js';
import type { ErrorCode } from '@shared/error-codes.js';
import { isAppError } from '@server/errors.js';

export const envelope = (message: string, fields?: FieldError[], code?: ErrorCode): ErrorEnvelope => ({
  errors: { message, ...(fields && fields.length ? { fields } : {}), ...(code ? { code } : {}) },
});

const CLIENT_MESSAGES: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Your session does not match this request.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  413: 'The request is too large.',
  415: 'Unsupported content type: send JSON.',
  429: 'Too many requests: please wait a moment and try again.',
};

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isAppError(err)) {
      // A coded 500 is still the server's fault: its cause goes to the log, never on the wire.
      if (err.statusCode === 500) request.log.error({ err, code: err.code }, 'coded server error');
      if (err.statusCode === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(err.statusCode).send(envelope(err.message, err.fields, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldError[] = err.validation.map((v) => {
        const issue = v.params.issue as { path?: PropertyKey[] } | undefined;
        const where =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issue?.path ?? []).map(String).join('.');
        return { field: where || err.validationContext || 'body', error: v.message ?? 'is not valid' };
      });
      return reply.code(400).send(envelope('Some of the information given is not valid.', fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : (CLIENT_MESSAGES[status] ?? 'The request could not be handled.');
      return reply.code(status).send(envelope(message));
    }
    // A database error carries the query's parameters (personal data): log what failed, not them.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const safe =
      'params' in err || 'query' in err
        ? { name: err.name, code: cause?.code, message: cause?.message ?? 'database error' }
        : err;
    request.log.error({ err: safe }, 'unhandled error');
    return reply.code(500).send(envelope('Something went wrong on our side. Please try again.'));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
