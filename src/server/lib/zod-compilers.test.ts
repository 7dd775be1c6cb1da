// @vitest-environment node
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodSchemaController } from './zod-compilers.js';

describe('the zod compilers given as Fastify is created', () => {
  it('validate bodies and answers with zod, and Fastify loads neither Ajv nor its fast-json-stringify compiler', async () => {
    const app = Fastify({ logger: false, schemaController: zodSchemaController }).withTypeProvider<ZodTypeProvider>();
    app.post(
      '/echo',
      { schema: { body: z.object({ name: z.string().min(1) }), response: { 200: z.object({ hello: z.string() }) } } },
      async (request) => ({ hello: request.body.name, secret: 'never sent' }),
    );
    const good = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Sam' } });
    expect(good.statusCode).toBe(200);
    // The answer is checked and written by zod's serializer: a field outside the schema is dropped.
    expect(good.json()).toEqual({ hello: 'Sam' });
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    await app.close();
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.includes('fastify'))).toBe(true);
    // (Fastify's own error serializer, built ahead of time, reads a file of fast-json-stringify's.)
    expect(
      loaded.filter((file) =>
        /[\\/](ajv|@fastify[\\/]ajv-compiler|@fastify[\\/]fast-json-stringify-compiler)[\\/]|[\\/]fast-json-stringify[\\/]index\.js$/.test(
          file,
        ),
      ),
    ).toEqual([]);
  });
});
