/**
 * Where the server's log lines go when nothing else is given: standard output through pino's own
 * asynchronous destination (sonic-boom; pino's "asynchronous logging" guide), fed whole batches.
 *
 * A write per request line, each waking whatever reads the logs, cost about a third of the
 * signed-in API's throughput, so lines are written in batches of about `batchBytes`, and none waits
 * much longer than `flushMs`. The batch is gathered here rather than in sonic-boom's own buffer:
 * sonic-boom appends each line to one growing string and measures its UTF-8 length on every write,
 * which flattens the string each time, and was about a twentieth of the CPU of a signed-in `GET /me`.
 *
 * sonic-boom is made with a `minLength` above any batch, so a batch handed to it waits in its buffer
 * until `flush()` starts the asynchronous write; `flushSync()` can then write it with `fs.writeSync`.
 * Handed over with sonic-boom's default `minLength` of 0, a batch would start an asynchronous write
 * at once, which `flushSync()` cannot wait for: the lines waiting on exit could be lost, and a line
 * "flushed" synchronously could reach the file later (CI saw it). A write already under way when
 * `flushSync()` runs is still sonic-boom's own, and may land after the lines written synchronously.
 * Lines handed over while a write is under way go out when sonic-boom says `drain`, not at the next
 * tick of the timer: a tick that came during a write used to be their only chance, and a busy CI
 * machine left them in the buffer for good.
 */
import onExit from 'on-exit-leak-free';
import pino from 'pino';

export interface BatchedDestination extends pino.DestinationStream {
  /**
   * Hands the waiting lines to the file descriptor, asynchronously; `done` (pino's `logger.flush(cb)`)
   * runs once every line handed over so far is written.
   */
  flush(done?: () => void): void;
  /** Writes the waiting lines before returning (on exit). */
  flushSync(): void;
}

export interface BatchedDestinationOptions {
  /** An open file descriptor; standard output by default. */
  fd?: number;
  /** Characters gathered before a batch is written. */
  batchBytes?: number;
  /** Milliseconds a line may wait before it is written. */
  flushMs?: number;
}

/** sonic-boom's largest single write (its `maxWrite`, 16 KiB); its `minLength` must stay below it. */
const SONIC_MAX_WRITE = 16 * 1024;

/** Log lines in batches to `fd` (see the module's comment). */
export function batchedDestination({
  fd = 1,
  batchBytes = 4096,
  flushMs = 1000,
}: BatchedDestinationOptions = {}): BatchedDestination {
  let lines: string[] = [];
  let length = 0;
  // Whether an asynchronous write is under way (sonic-boom says `drain` when it ends), and whether
  // lines were handed over meanwhile: sonic-boom's `flush()` does nothing during a write and, when the
  // write ends, leaves what is below `minLength` in its buffer, so they go out on `drain`.
  let writing = false;
  let waiting = false;
  // flush() callbacks, run when a write ends with nothing left to write.
  let whenWritten: (() => void)[] = [];
  const settle = () => {
    if (writing || waiting) return;
    const done = whenWritten;
    whenWritten = [];
    for (const callback of done) callback();
  };
  const handOver = () => {
    if (!lines.length) return;
    const batch = lines.join('');
    lines = [];
    length = 0;
    sonic.write(batch);
    waiting = true;
  };
  const startWrite = () => {
    if (writing || !waiting) return;
    writing = true;
    waiting = false;
    sonic.flush();
  };
  // Registered before sonic-boom's own exit hook, so that on exit the last lines reach it before it ends.
  const destination: BatchedDestination = {
    write(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= batchBytes) destination.flush();
    },
    flush(done) {
      handOver();
      startWrite();
      if (done) {
        whenWritten.push(done);
        // Nothing to write: still later, as a callback is.
        if (!writing) setImmediate(settle);
      }
    },
    flushSync() {
      handOver();
      waiting = false;
      sonic.flushSync();
    },
  };
  onExit.register(destination, (alive) => alive.flushSync());
  const sonic = pino.destination({ dest: fd, sync: false, minLength: SONIC_MAX_WRITE - 1 });
  sonic.on('drain', () => {
    writing = false;
    startWrite();
    settle();
  });
  setInterval(() => {
    if (lines.length) destination.flush();
  }, flushMs).unref();
  return destination;
}
