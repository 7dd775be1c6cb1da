/**
 * Time passing at the embedded OpenID provider, for tests of what happens when it has: its browser
 * sessions (oidc-provider's `Session` records in `oidc_payloads`) record when the member signed in.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { oidcPayloads } from '@server/db/schema.js';

/** Moves the sign-in time of every signed-in provider session of `app` back by `seconds`. */
export async function ageProviderSessions(app: FastifyInstance, seconds: number): Promise<void> {
  await app.database.db
    .update(oidcPayloads)
    .set({
      payload: sql`jsonb_set(${oidcPayloads.payload}, '{loginTs}', to_jsonb((${oidcPayloads.payload}->>'loginTs')::bigint - ${seconds}))`,
    })
    .where(and(eq(oidcPayloads.type, 'Session'), sql`${oidcPayloads.payload}->>'loginTs' is not null`));
}
