/**
 * oidc-provider storage adapter on the application database (table `oidc_payloads`), so the embedded
 * provider's sessions, interactions, codes and grants survive a restart and are shared by every
 * server process. Interface: oidc-provider docs "Adapter" (upsert/find/findByUid/findByUserCode/
 * consume/destroy/revokeByGrantId).
 */
import { and, eq } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '@server/db/client.js';
import { oidcPayloads } from '@server/db/schema.js';

type Row = typeof oidcPayloads.$inferSelect;

const live = (row: Row | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  return {
    ...(row.payload as AdapterPayload),
    ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
  };
};

/** Returns the adapter class oidc-provider instantiates once per model name. */
export function createProviderAdapter(db: Db): new (name: string) => Adapter {
  return class DbAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        id,
        type: this.type,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: values });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)))
        .limit(1);
      return live(row);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.userCode, userCode), eq(oidcPayloads.type, this.type)))
        .limit(1);
      return live(row);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.uid, uid), eq(oidcPayloads.type, this.type)))
        .limit(1);
      return live(row);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}
