/**
 * The daily cap on two-factor code tries (docs/product.md#code-rules) counts tries, not checks: a member
 * who opens five checks at once in five browsers still gets 20 tries in 24 hours between them, not 25.
 */
import { eq, sum } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { staff, tfaChallenges } from '@server/db/schema.js';
import { Browser, signIn } from './helpers/browser.js';
import { initiate, lastEmailedCode, PORTAL, verify } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

describe.each(DATABASES)('two-factor tries a day on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const email = `many.checks.${kind}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    const created = await runCommand({
      services: t.app.services,
      name: 'create-staff',
      options: { forename: 'Ash', surname: 'Moss', email, password: 'Welcome2026' },
    });
    expect(created.exitCode).toBe(0);
  });
  afterAll(() => t.dropAll());
  afterEach(() => vi.useRealTimers());

  it('allows 20 tries across five checks opened at once, then refuses for the day', async () => {
    const browsers = Array.from({ length: 5 }, () => new Browser({ [PORTAL]: t.app }));
    const challenges: string[] = [];
    for (const browser of browsers) {
      await signIn(browser, PORTAL, email, 'Welcome2026');
      challenges.push((await initiate(browser, 1)).challenge);
    }
    const right = await lastEmailedCode(t.dataDir, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers: { status: number; message: string }[] = [];
    // The clock is the test's, so the per-minute verify limits (20 a member) can be let pass.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    for (let round = 0; round < 5; round++) {
      // Four rounds of five are the minute's 20; a minute later, the fifth round.
      if (round === 4) vi.setSystemTime(Date.now() + 61_000);
      for (const [i, browser] of browsers.entries()) {
        const res = await verify(browser, challenges[i]!, wrong);
        answers.push({ status: res.status, message: res.json().errors.message });
      }
    }
    expect(answers.slice(0, 20).every((a) => a.status === 400)).toBe(true);
    expect(answers.slice(20)).toEqual(
      Array(5).fill({
        status: 429,
        message: 'Too many codes have been tried today. Please ask your manager for help.',
      }),
    );
    const [member] = await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email));
    const [tries] = await t.app.database.db
      .select({ tries: sum(tfaChallenges.attempts) })
      .from(tfaChallenges)
      .where(eq(tfaChallenges.staffId, member!.id));
    expect(Number(tries!.tries)).toBe(20);
  });
});
