/**
 * The CLI end of the admin control channel (docs/architecture.md#admin-control-channel): hands a
 * command to the server that holds the PGlite folder and passes its output on as it arrives.
 */
import { once } from 'node:events';
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { controlFilePath, controlFileSchema, controlFrameSchema, type ControlFile } from '@server/lib/control-file.js';
import type { CommandResult } from './run-command.js';

/**
 * Sends a command to the server holding `dataDir`, if one is running and answers, writing its output
 * to `output` as the server produces it (waiting for `output` to drain, so a long export never piles
 * up here). Answers undefined when no server is there (the CLI may then open the folder itself).
 * @throws Error when the server answers but refuses the command, or stops before it has finished.
 */
export async function sendToRunningServer(
  dataDir: string,
  name: string,
  options: Record<string, unknown>,
  output: Writable,
): Promise<CommandResult | undefined> {
  let file: ControlFile;
  try {
    file = controlFileSchema.parse(JSON.parse(await fs.readFile(controlFilePath(dataDir), 'utf8')));
  } catch {
    return undefined;
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${file.port}/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${file.token}` },
      body: JSON.stringify({ name, options }),
    });
  } catch {
    return undefined;
  }
  if (!res.ok || !res.body) throw new Error(`The running server refused the command (HTTP ${res.status}).`);
  // readline pauses the answer while too many lines wait to be taken.
  const frames = createInterface({ input: Readable.fromWeb(res.body as NodeReadableStream), crlfDelay: Infinity });
  for await (const line of frames) {
    const frame = controlFrameSchema.parse(JSON.parse(line));
    if ('exitCode' in frame) return { lines: [], exitCode: frame.exitCode, error: frame.error };
    if (!output.write(frame.text)) await once(output, 'drain');
  }
  throw new Error('The running server stopped before the command finished.');
}
