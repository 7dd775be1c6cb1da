/**
 * Runs one admin command: validates its options with the command's schema and collects its output.
 * Coded service errors become a message and exit code 1; invalid options exit code 2.
 */
import { isAppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { findCommand } from './commands.js';

export interface CommandResult {
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

export async function runCommand(opts: {
  services: Services;
  name: string;
  options: Record<string, unknown>;
}): Promise<CommandResult> {
  const problems = checkOptions(opts.name, opts.options);
  const command = findCommand(opts.name);
  if (problems.length || !command) return { lines: [], error: problems.join('\n'), exitCode: 2 };
  const parsed = command.schema.parse(opts.options);
  const lines: string[] = [];
  try {
    const { services } = opts;
    await command.run({ services, db: services.db, config: services.config, print: (l) => lines.push(l) }, parsed);
    return { lines, exitCode: 0 };
  } catch (err) {
    if (isAppError(err)) return { lines, error: err.message, exitCode: 1 };
    throw err;
  }
}
