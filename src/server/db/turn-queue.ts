/**
 * Runs tasks one after another, in turns of at most `turnMs` of the event loop, handing the loop back
 * (`setImmediate`) between turns.
 *
 * Why: PGlite runs each query synchronously on the server's one thread. Under load, every request
 * read in one turn of the loop ran its query in that same turn, so a turn grew with the number of
 * open connections (200 connections: about 200 ms), and Node 20 accepts one new connection per turn
 * (nodejs/node#57364): a phone connecting during a burst waited up to 21 s before its request was
 * even read. In turns, the loop comes round every few milliseconds, and queries wait in this queue,
 * first come first served, instead (docs/decisions/0023-pglite-queries-take-turns.md).
 */
export class TurnQueue {
  private readonly tasks: (() => Promise<void>)[] = [];
  private pumping = false;
  private readonly turnMs: number;
  private readonly now: () => number;

  /** `turnMs`: milliseconds of work per turn; `now`: the clock (milliseconds), for tests. */
  constructor(options: { turnMs?: number; now?: () => number } = {}) {
    this.turnMs = options.turnMs ?? 5;
    this.now = options.now ?? (() => performance.now());
  }

  /** Queues `task`; settles as it does, once the tasks queued before it have settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.tasks.push(() => task().then(resolve, reject));
      if (!this.pumping) {
        this.pumping = true;
        setImmediate(() => void this.pump());
      }
    });
  }

  /** Settles once every task queued so far has settled (before the database closes). */
  async drain(): Promise<void> {
    await this.run(async () => {});
  }

  private async pump(): Promise<void> {
    const started = this.now();
    while (this.tasks.length > 0) {
      if (this.now() - started >= this.turnMs) {
        setImmediate(() => void this.pump());
        return;
      }
      await this.tasks.shift()!();
    }
    this.pumping = false;
  }
}
