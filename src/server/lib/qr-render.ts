/**
 * Draws QR codes (qrcode, PNG data URLs) in a worker thread, so the ~60 ms of CPU a 320 px image
 * takes never blocks the event loop that answers every other request (docs/product.md#team-discount).
 * One worker per process, started on first use, not keeping the process alive while idle, and
 * stopped after a while without work: images are cached for their whole code window, so after the
 * first requests it is seldom needed, and a live worker holds about 25 MiB
 * (docs/architecture.md#start-up-and-memory).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How the card's QR code is drawn: medium error correction survives a scratched phone screen. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 1, width: 320 } as const;

/** How long the worker waits for more work before it stops; starting a new one takes a few tens of ms. */
export const QR_WORKER_IDLE_MS = 30_000;

const QRCODE = createRequire(import.meta.url).resolve('qrcode');

// CommonJS from a string, so the worker runs the same from TypeScript sources and from the build.
const workerSource = `
const { parentPort } = require('node:worker_threads');
const QRCode = require(${JSON.stringify(QRCODE)});
const options = ${JSON.stringify(QR_OPTIONS)};
parentPort.on('message', ({ id, text }) => {
  QRCode.toDataURL(text, options).then(
    (image) => parentPort.postMessage({ id, image }),
    (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) }),
  );
});
`;

export interface QrRenderer {
  /** The QR code of `text` as a `data:image/png;base64,…` URL. @throws Error when the worker fails. */
  render(text: string): Promise<string>;
  /** Stops the worker; a later render starts a new one. */
  close(): Promise<void>;
  /** Whether a worker is running now (for tests and the bench). */
  readonly running: boolean;
}

/** A renderer backed by one worker thread, stopped after `idleMs` without work. */
export function createQrRenderer(opts: { idleMs?: number } = {}): QrRenderer {
  const idleMs = opts.idleMs ?? QR_WORKER_IDLE_MS;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  const idle = new WeakSet<Worker>();
  const pending = new Map<number, { resolve: (image: string) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const request of pending.values()) request.reject(err);
    pending.clear();
  };
  const start = (): Worker => {
    const started = new Worker(workerSource, { eval: true });
    started.on('message', ({ id, image, error }: { id: number; image?: string; error?: string }) => {
      const request = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) {
        started.unref();
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          if (worker !== started || pending.size > 0) return;
          worker = undefined;
          idle.add(started);
          void started.terminate();
        }, idleMs).unref();
      }
      if (image) request?.resolve(image);
      else request?.reject(new Error(`The QR code could not be drawn: ${error}`));
    });
    started.on('error', (err) => {
      if (!idle.has(started)) failAll(err);
    });
    started.on('exit', () => {
      // A worker stopped for being idle had nothing in flight; what is pending now is its successor's.
      if (idle.has(started)) return;
      if (worker === started) worker = undefined;
      failAll(new Error('The QR worker stopped.'));
    });
    return started;
  };

  return {
    render(text) {
      clearTimeout(idleTimer);
      worker ??= start();
      const current = worker;
      // Held while it has work, so a pending image is never lost to an exiting process.
      current.ref();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        current.postMessage({ id, text });
      });
    },
    async close() {
      clearTimeout(idleTimer);
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
    get running() {
      return worker !== undefined;
    },
  };
}
