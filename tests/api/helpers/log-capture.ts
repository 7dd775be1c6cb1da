/**
 * The app's log as a test reads it: pass `stream` as createTestApp's `logStream` (with `logger: true`),
 * then read the JSON lines written so far.
 */
import { PassThrough } from 'node:stream';

export interface CapturedLog {
  stream: PassThrough;
  /** Everything written so far, as written. */
  text(): string;
  /** Every line written so far, parsed. */
  lines(): Record<string, unknown>[];
}

export function captureLog(): CapturedLog {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
