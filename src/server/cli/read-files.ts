/**
 * Reads the files an admin command names (templates, fieldsets) in the CLI process, where HR runs
 * it, so a command handed to the running server carries the bytes, not a path on another machine;
 * a folder it names (`backup --to`) is made absolute from where the CLI runs.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AdminCommand } from './commands.js';

/** Largest file a command may carry (a contract PDF). */
const MAX_COMMAND_FILE_BYTES = 20 * 1024 * 1024;

const camel = (flagName: string) => flagName.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Replaces each file path among `options` with `{ filename, base64 }`.
 * @returns the options, and problems naming the flag for files that cannot be read.
 */
export async function readFileOptions(
  command: AdminCommand,
  options: Record<string, unknown>,
): Promise<{ options: Record<string, unknown>; problems: string[] }> {
  const out = { ...options };
  const problems: string[] = [];
  const fileKeys = [
    ...(command.args ?? []).filter((a) => a.file).map((a) => ({ key: a.name, label: `<${a.name}>` })),
    ...command.options
      .filter((o) => o.file)
      .map((o) => {
        const long = /--([a-z0-9-]+)/.exec(o.flags)![1]!;
        return { key: camel(long), label: `--${long}` };
      }),
  ];
  for (const o of command.options.filter((o) => o.folder)) {
    const key = camel(/--([a-z0-9-]+)/.exec(o.flags)![1]!);
    if (typeof out[key] === 'string' && out[key]) out[key] = path.resolve(out[key]);
  }
  for (const { key, label } of fileKeys) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    try {
      const stat = await fs.stat(value);
      if (!stat.isFile()) throw new Error('not a file');
      if (stat.size > MAX_COMMAND_FILE_BYTES) throw new Error(`larger than ${MAX_COMMAND_FILE_BYTES / 1024 / 1024} MB`);
      out[key] = { filename: path.basename(value), base64: (await fs.readFile(value)).toString('base64') };
    } catch (err) {
      const reason =
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no such file'
          : err instanceof Error
            ? err.message
            : String(err);
      problems.push(`${label} cannot read ${value}: ${reason}`);
    }
  }
  return { options: out, problems };
}
