import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveDraftBody } from '@shared/api/onboarding.js';
import { deferred } from '@web/testing/http';
import { DRAFT_RETRY_MS, DRAFT_SAVE_DELAY_MS, DraftSaver, type DraftSaveState } from './draft-saver';

interface Sent {
  body: SaveDraftBody;
  keepalive: boolean;
  answer: ReturnType<typeof deferred<{ revision: number }>>;
}

/** A saver whose sends wait for the test to answer them; the timers are Vitest's fake ones (no waiting). */
function saverWith(revision = 0, shouldRetry = (_error: unknown) => true) {
  const sent: Sent[] = [];
  const states: DraftSaveState[] = [];
  const saver = new DraftSaver({
    revision,
    onState: (state) => states.push(state),
    shouldRetry,
    send: (body, { keepalive }) => {
      const answer = deferred<{ revision: number }>();
      sent.push({ body, keepalive, answer });
      return answer.promise;
    },
  });
  return { saver, sent, states };
}

/** Lets the saver see an answer (its promise callbacks run). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DraftSaver', () => {
  it('saves once typing pauses, not on every keystroke, counting on from the restored revision', async () => {
    const { saver, sent, states } = saverWith(4);
    saver.change({ nok_name: 'P' });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1);
    saver.change({ nok_name: 'Pa' });
    saver.change({ nok_name: 'Pat' });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.body)).toEqual([{ fields: { nok_name: 'Pat' }, revision: 5 }]);
    expect(states).toEqual(['saving']);
    sent[0]!.answer.resolve({ revision: 5 });
    await settle();
    expect(states).toEqual(['saving', 'saved']);
  });

  it('sends at once on flush, with keepalive when the page goes away, and nothing when all is saved', async () => {
    const { saver, sent } = saverWith();
    saver.change({ mobile: '07911 123456' });
    saver.flush({ keepalive: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.keepalive).toBe(true);
    sent[0]!.answer.resolve({ revision: 1 });
    await settle();
    // The pending timer went with the flush, and a second flush has nothing to send.
    saver.flush();
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('keeps one save on the way at a time, then sends the newest answers', async () => {
    const { saver, sent } = saverWith();
    saver.change({ nok_name: 'Pat' });
    saver.flush();
    saver.change({ nok_name: 'Pat M' });
    saver.flush();
    saver.change({ nok_name: 'Pat Morgan' });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(sent).toHaveLength(1);
    sent[0]!.answer.resolve({ revision: 1 });
    await settle();
    expect(sent.map((s) => s.body)).toEqual([
      { fields: { nok_name: 'Pat' }, revision: 1 },
      { fields: { nok_name: 'Pat Morgan' }, revision: 2 },
    ]);
  });

  it('lets the page-leaving save overtake one on the way, with a higher revision', async () => {
    const { saver, sent, states } = saverWith();
    saver.change({ nok_name: 'Pat' });
    saver.flush();
    saver.change({ nok_name: 'Pat Morgan' });
    saver.flush({ keepalive: true });
    expect(sent.map((s) => [s.body.revision, s.keepalive])).toEqual([
      [1, false],
      [2, true],
    ]);
    // The server kept 2 first, so it answers the late 1 with 2: nothing is sent again.
    sent[1]!.answer.resolve({ revision: 2 });
    sent[0]!.answer.resolve({ revision: 2 });
    await settle();
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(2);
    expect(states.at(-1)).toBe('saved');
  });

  it('sends what this page shows again above a newer save from another tab', async () => {
    const { saver, sent } = saverWith(1);
    saver.change({ nok_name: 'mine' });
    saver.flush();
    sent[0]!.answer.resolve({ revision: 9 });
    await settle();
    expect(sent[1]!.body).toEqual({ fields: { nok_name: 'mine' }, revision: 10 });
  });

  it('tries a save that got no answer again by itself, and not a refusal', async () => {
    const { saver, sent, states } = saverWith(0, (error) => error === 'offline');
    saver.change({ nok_name: 'Pat' });
    saver.flush();
    sent[0]!.answer.reject('offline');
    await settle();
    expect(states.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(DRAFT_RETRY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.fields).toEqual({ nok_name: 'Pat' });

    sent[1]!.answer.reject('refused');
    await settle();
    await vi.advanceTimersByTimeAsync(DRAFT_RETRY_MS * 3);
    expect(sent).toHaveLength(2);
    // The next change tries again.
    saver.change({ nok_name: 'Pat Morgan' });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(sent).toHaveLength(3);
  });

  it('sends and reports nothing once stopped', async () => {
    const { saver, sent, states } = saverWith();
    saver.change({ nok_name: 'Pat' });
    saver.stop();
    saver.flush({ keepalive: true });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(0);
    expect(states).toEqual([]);
  });
});
