// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import staffFirst, { createStaffFirst } from './staff-first.js';

/** Whether `promise` has settled, after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the staff come first', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets the console in at once while the staff’s requests are within the limit', async () => {
    const turns = createStaffFirst({ limit: 2, maxWaitMs: 250 });
    turns.staffStarted();
    turns.staffStarted();
    expect(await settled(turns.consoleTurn())).toBe(true);
  });

  it('holds the console while more staff requests are in flight than the limit, until they drop back', async () => {
    const turns = createStaffFirst({ limit: 2, maxWaitMs: 250 });
    const ends = [turns.staffStarted(), turns.staffStarted(), turns.staffStarted(), turns.staffStarted()];
    const first = turns.consoleTurn();
    const second = turns.consoleTurn();
    expect(await settled(first)).toBe(false);
    ends[0]!();
    // Three in flight: still over the limit.
    expect(await settled(first)).toBe(false);
    ends[1]!();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    expect(turns.inFlight).toBe(2);
  });

  it('counts a request that ends twice (answered, then its connection closed) once', async () => {
    const turns = createStaffFirst({ limit: 0, maxWaitMs: 250 });
    const end = turns.staffStarted();
    turns.staffStarted();
    end();
    end();
    expect(turns.inFlight).toBe(1);
    expect(await settled(turns.consoleTurn())).toBe(false);
  });

  it('never holds the console longer than the longest wait, however busy the staff side stays', async () => {
    const turns = createStaffFirst({ limit: 1, maxWaitMs: 250 });
    turns.staffStarted();
    turns.staffStarted();
    const turn = turns.consoleTurn();
    await vi.advanceTimersByTimeAsync(249);
    expect(await settled(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(turn)).toBe(true);
  });
});

describe('the staff-first hook on a server', () => {
  it('starts a console request only once the staff request ahead of it is answered', async () => {
    const app = Fastify({ logger: false });
    const events: string[] = [];
    app.addHook('onRequest', async (request) => void events.push(`received ${request.url}`));
    await app.register(staffFirst, { limit: 0, maxWaitMs: 60_000 });
    let answerStaff!: () => void;
    const staffAnswered = new Promise<void>((resolve) => (answerStaff = resolve));
    app.get('/api/staff/self-service/me', async () => {
      events.push('staff handling');
      await staffAnswered;
      events.push('staff answered');
      return {};
    });
    app.get('/api/admin/people', async () => {
      events.push('console handled');
      return {};
    });
    app.get('/api/venues', async () => {
      events.push('other handled');
      return {};
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const staff = fetch(`${base}/api/staff/self-service/me`);
      await vi.waitFor(() => expect(events).toContain('staff handling'));
      // Neither the staff's nor the console's: never held.
      expect((await fetch(`${base}/api/venues`)).status).toBe(200);
      const console = fetch(`${base}/api/admin/people`);
      await vi.waitFor(() => expect(events).toContain('received /api/admin/people'));
      expect(events).not.toContain('console handled');
      answerStaff();
      expect((await staff).status).toBe(200);
      expect((await console).status).toBe(200);
      expect(events.indexOf('console handled')).toBeGreaterThan(events.indexOf('staff answered'));
    } finally {
      await app.close();
    }
  });
});
