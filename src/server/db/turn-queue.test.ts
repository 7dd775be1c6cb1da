// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TurnQueue } from './turn-queue.js';

describe('TurnQueue', () => {
  it('runs tasks in the order they came, each answering its own caller', async () => {
    const queue = new TurnQueue();
    const order: number[] = [];
    const answers = await Promise.all([1, 2, 3].map((n) => queue.run(async () => (order.push(n), n * 10))));
    expect(answers).toEqual([10, 20, 30]);
    expect(order).toEqual([1, 2, 3]);
  });

  it('passes a task’s failure to its caller and goes on with the next', async () => {
    const queue = new TurnQueue();
    const failed = queue.run(async () => {
      throw new Error('refused');
    });
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
  });

  it('drains: settles once every task queued before has settled', async () => {
    const queue = new TurnQueue();
    const done: string[] = [];
    void queue.run(async () => void done.push('first'));
    void queue.run(async () => void done.push('second'));
    await queue.drain();
    expect(done).toEqual(['first', 'second']);
  });

  it('hands the event loop back once a turn has used its time, so waiting I/O gets its turn', async () => {
    let clock = 0;
    const queue = new TurnQueue({ turnMs: 5, now: () => clock });
    const events: string[] = [];
    // Each task "works" 3 ms: two fit in a 5 ms turn (the second starts at 3 ms), the third waits.
    const task = (name: string) =>
      queue.run(async () => {
        events.push(name);
        clock += 3;
      });
    const all = Promise.all([task('a'), task('b'), task('c'), task('d')]);
    // Queued while the first turn waits: it runs between turns, as a socket's callback would; with no
    // turns, it would wait for all four tasks.
    setImmediate(() => events.push('loop'));
    await all;
    expect(events).toEqual(['a', 'b', 'loop', 'c', 'd']);
  });
});
