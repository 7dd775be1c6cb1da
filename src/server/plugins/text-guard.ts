/**
 * Text PostgreSQL cannot store is refused at the door: a NUL character, or a lone UTF-16 surrogate (which
 * JSON can carry as `\ud800` and jsonb refuses). Either would otherwise fail deep in a query as a 500,
 * from the console's searches to the provider's sign-in form. Every query string, path parameter, cookie
 * and parsed body (JSON or form) of every route is checked once, and a bad one answers 400 in the error
 * envelope naming the field (docs/product.md#the-error-envelope). Wrapped with fastify-plugin so the
 * hooks serve every route, not only those registered inside this plugin; register it after the cookie
 * parser and before anything that reads the request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@server/errors.js';

const MESSAGE = 'The request contains a character that is not allowed.';

/** `String.prototype.isWellFormed` (ES2024, in Node since 20), which TypeScript's ES2023 library lacks. */
type WellFormedCheck = string & { isWellFormed(): boolean };

/** Why `text` cannot be stored, or undefined when it can. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Contains a character that is not allowed (NUL).';
  if (!(text as WellFormedCheck).isWellFormed())
    return 'Contains a character that is not allowed (an unpaired surrogate).';
  return undefined;
}

/**
 * The first string inside `value` that cannot be stored, as `[field path, reason]`: object keys count as
 * much as values, since both reach the database in a JSON column.
 */
function findUnstorable(value: unknown, at: string, depth = 0): [string, string] | undefined {
  if (typeof value === 'string') {
    const reason = unstorable(value);
    return reason ? [at, reason] : undefined;
  }
  // Bodies are at most 1 MiB and parsed by JSON.parse, so this depth is never reached by real input.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    const reason = unstorable(key);
    if (reason) return [field, reason];
    const found = findUnstorable(inner, field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const refuse = ([field, error]: [string, string]) => new AppError('BAD_REQUEST', MESSAGE, [{ field, error }]);

async function textGuard(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // The raw path too: routes answered outside Fastify's router (the embedded provider) have no params.
    const path = request.raw.url?.split('?')[0] ?? '';
    if (/%00/i.test(path)) throw refuse(['path', 'Contains a character that is not allowed (NUL).']);
    const found =
      findUnstorable(request.params, '') ?? findUnstorable(request.query, '') ?? findUnstorable(request.cookies, '');
    if (found) throw refuse(found);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found = findUnstorable(request.body, '');
    if (found) throw refuse(found);
  });
}

export default fp(textGuard, { name: 'text-guard', dependencies: ['@fastify/cookie'] });
