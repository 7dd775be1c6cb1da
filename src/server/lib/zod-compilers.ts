/**
 * Fastify's schema compilers for every instance the server creates: zod's
 * (fastify-type-provider-zod), given when the instance is created. Fastify builds its schema
 * controller as an instance is created and, without these, loads its own compilers (Ajv and
 * fast-json-stringify, about 50-60 ms of a start) that `setValidatorCompiler` would then replace and
 * nothing would use (docs/decisions/0031-first-start-without-initdb.md).
 */
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** Fastify's typings name Ajv's compilers here; the builders take any, as `setValidatorCompiler` does. */
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** For `Fastify({ schemaController: zodSchemaController })`. */
export const zodSchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory,
};
