/**
 * Runs one admin command: validates its options with the command's schema and collects its output.
 * Coded service errors become a message and exit code 1; invalid options exit code 2.
 */
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { isAppError } from '../errors.js';
import { findCommand } from './commands.js';

export interface CommandResult {
  lines: string[];
  error?: string;
  exitCode: number;
}

export async function runCommand(opts: {
  db: Db;
  config: AppConfig;
  name: string;
  options: Record<string, unknown>;
}): Promise<CommandResult> {
  const command = findCommand(opts.name);
  if (!command) return { lines: [], error: `Unknown command "${opts.name}".`, exitCode: 2 };
  const parsed = command.schema.safeParse(opts.options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const flag = i.path.map((p) => `--${String(p).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(' ');
      return `${flag || 'options'} ${i.message}`;
    });
    return { lines: [], error: problems.join('\n'), exitCode: 2 };
  }
  const lines: string[] = [];
  try {
    await command.run({ db: opts.db, config: opts.config, print: (l) => lines.push(l) }, parsed.data);
    return { lines, exitCode: 0 };
  } catch (err) {
    if (isAppError(err)) return { lines, error: err.message, exitCode: 1 };
    throw err;
  }
}
