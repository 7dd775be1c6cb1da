/**
 * Password spraying from one address (docs/operations.md#sign-in-limits): a hundred failed sign-ins an
 * hour from one address, whichever accounts they named, then the address is refused with a clear 429;
 * a right password gives its attempt back, so the staff of a venue behind one connection are not
 * locked out by their own typos, and other addresses are not affected.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_FAILURES_PER_HOUR } from '@server/identity/address-budget.js';
import { Browser, openSignInForm } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const VENUE = '198.51.100.20';

/** An open sign-in form: posts email and password to it from `address`, as a browser there would. */
async function signInForm(app: FastifyInstance) {
  const b = new Browser({ [PORTAL]: app });
  const action = new URL(await openSignInForm(b, PORTAL));
  const cookie = [...b.jar(PORTAL)].map(([k, v]) => `${k}=${v}`).join('; ');
  return async (address: string, email: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: action.pathname,
      remoteAddress: address,
      headers: { host: 'localhost:3000', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });
    return { status: res.statusCode, alert: /role="alert"[^>]*>([^<]*)</.exec(res.body)?.[1] };
  };
}

describe.each(DATABASES)('failed sign-ins per address on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.dropAll());

  it('refuses an address after 100 failures across accounts; right passwords do not count', async () => {
    const spray = await signInForm(t.app);
    const statuses: number[] = [];
    for (let i = 1; i < ADDRESS_FAILURES_PER_HOUR; i++)
      statuses.push((await spray(VENUE, `someone.${i}@example.com`, 'Summer2026!')).status);
    expect(statuses).toEqual(Array(ADDRESS_FAILURES_PER_HOUR - 1).fill(401));

    // A member at the same address signs in: their attempt is given back.
    const member = await signInForm(t.app);
    expect((await member(VENUE, 'sam.taylor@example.com', 'Staffroom2026')).status).toBe(303);

    expect((await spray(VENUE, 'someone.100@example.com', 'Summer2026!')).status).toBe(401);
    const refused = await spray(VENUE, 'someone.101@example.com', 'Summer2026!');
    expect(refused.status).toBe(429);
    // The wait is what is left of the hour since the first failure.
    expect(refused.alert).toMatch(
      /^Too many sign-ins have failed from your network\. Please wait \d+ minutes and try again\.$/,
    );
    // Spent, not even a right password is tried from that address; another address is unaffected.
    const late = await signInForm(t.app);
    expect((await late(VENUE, 'jamie.patel@example.com', 'Staffroom2026')).status).toBe(429);
    expect((await late('203.0.113.9', 'jamie.patel@example.com', 'Staffroom2026')).status).toBe(303);
  });
});
