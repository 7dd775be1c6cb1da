/**
 * Runs one admin command: validates its options with the command's schema and sends its output where
 * the caller says, as it is produced (a file, the screen, the control channel), or collects it.
 * Coded service errors become a message and exit code 1; invalid options exit code 2.
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isAppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { findCommand, type CommandContext } from './commands.js';

export interface CommandResult {
  /** The output as lines, when it was collected (no `output` given); empty when it was streamed. */
  lines: string[];
  error?: string;
  exitCode: number;
}

/** The problems with `options` for command `name`, as lines naming the flags; none when valid. */
export function checkOptions(name: string, options: Record<string, unknown>): string[] {
  const command = findCommand(name);
  if (!command) return [`Unknown command "${name}".`];
  const parsed = command.schema.safeParse(options);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const flag = i.path.map((p) => `--${String(p).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(' ');
    return `${flag || 'options'} ${i.message}`;
  });
}

/**
 * Runs command `name` with `options`.
 * With `output` (a text stream; it is not ended), everything the command prints is written to it as it
 * comes, waiting for it to take each part of a long output (`ctx.stream`), so an export of any size
 * runs in constant memory; without, the output is collected into `lines`.
 * @throws whatever is not a coded service error (a bug, a lost database), and the output's own errors.
 */
export async function runCommand(opts: {
  services: Services;
  /** The open database, for the commands that work on it whole (`backup`). */
  database?: CommandContext['database'];
  name: string;
  options: Record<string, unknown>;
  output?: Writable;
}): Promise<CommandResult> {
  const problems = checkOptions(opts.name, opts.options);
  const command = findCommand(opts.name);
  if (problems.length || !command) return { lines: [], error: problems.join('\n'), exitCode: 2 };
  if (!command.run)
    return { lines: [], error: `${opts.name} runs in the CLI only, with no server on its DATA_DIR.`, exitCode: 1 };
  const parsed = command.schema.parse(opts.options);
  const { output } = opts;
  let collected = '';
  const print = (line: string) => {
    if (output) output.write(`${line}\n`);
    else collected += `${line}\n`;
  };
  const stream = async (source: AsyncIterable<string | Buffer>) => {
    if (output) {
      // pipeline waits for the output to drain, and stops the source if the output fails or closes.
      await pipeline(source, output, { end: false });
      return;
    }
    for await (const chunk of source) collected += String(chunk);
  };
  const lines = () => (collected ? collected.replace(/\n$/, '').split('\n') : []);
  try {
    const { services } = opts;
    const ctx = { services, db: services.db, config: services.config, database: opts.database, print, stream };
    await command.run(ctx, parsed);
    return { lines: lines(), exitCode: 0 };
  } catch (err) {
    if (isAppError(err)) return { lines: lines(), error: err.message, exitCode: 1 };
    throw err;
  }
}
