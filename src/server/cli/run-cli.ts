/**
 * The admin CLI itself, apart from the process it runs in: parses `argv`, runs the command
 * (docs/architecture.md#admin-control-channel) and answers the exit code: 0 done, 1 refused by a
 * service or the data folder is busy, 2 bad options. `index.ts` runs it for `npm run admin`; the
 * API tests run it in their own process, so they start no process per command.
 */
import type { WriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig, type AppConfig } from '@server/config.js';
import { isAppError } from '@server/errors.js';
import { openDatabase } from '@server/db/client.js';
import { restrictDataDir } from '@server/lib/data-dir-permissions.js';
import { dataDirUses, opensDataDirAtStart } from '@server/lib/data-dir-uses.js';
import { givenSecrets } from '@server/lib/secrets.js';
import { DataDirBusyError, lockHolder } from '@server/db/data-dir-lock.js';
import { createStandaloneServices } from '@server/services.js';
import { COMMANDS, findCommand, type AdminCommand } from './commands.js';
import { sendToRunningServer } from './control-client.js';
import { readFileOptions } from './read-files.js';
import { checkOptions, runCommand, type CommandResult } from './run-command.js';

/** Where the CLI reads its settings and writes its output. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
}

async function execute(
  { env, stderr }: CliIo,
  name: string,
  rawOptions: Record<string, unknown>,
  output: () => Promise<Writable>,
): Promise<CommandResult> {
  // Files are read here, where HR runs the command; bad options are refused before any database is touched.
  const read = await readFileOptions(findCommand(name)!, rawOptions);
  if (read.problems.length) return { lines: [], error: read.problems.join('\n'), exitCode: 2 };
  const { options } = read;
  const problems = checkOptions(name, options);
  if (problems.length) return { lines: [], error: problems.join('\n'), exitCode: 2 };
  const config = loadConfig(env);
  const command = findCommand(name)!;
  if (command.runAlone) return runAlone(command, config, options);
  if (!config.databaseUrl) {
    const remote = await sendToRunningServer(config.dataDir, name, options, await output());
    if (remote) return remote;
    const holder = await lockHolder(config.dataDir);
    if (holder !== undefined) throw new DataDirBusyError(config.dataDir, holder);
  }
  if (opensDataDirAtStart(dataDirUses(config, givenSecrets(config, { providerKeys: false })))) {
    await restrictDataDir(config.dataDir);
  }
  const database = await openDatabase({
    ...config,
    onTemplateUnusable: (err) =>
      stderr(
        `The build's PGlite template could not be used (${err.message}); the new database was made with initdb.\n`,
      ),
  });
  try {
    return await runCommand({
      services: await createStandaloneServices(config, database.db),
      database,
      name,
      options,
      output: await output(),
    });
  } finally {
    await database.close();
  }
}

/** Runs a command that opens what it needs itself (`restore`); a service's refusal is exit code 1. */
async function runAlone(
  command: AdminCommand,
  config: AppConfig,
  options: Record<string, unknown>,
): Promise<CommandResult> {
  const lines: string[] = [];
  try {
    await command.runAlone!({ config, print: (line) => lines.push(line) }, command.schema.parse(options));
    return { lines, exitCode: 0 };
  } catch (err) {
    if (isAppError(err)) return { lines, error: err.message, exitCode: 1 };
    throw err;
  }
}

/** The file a command's output should go to cannot be written (exit code 1). */
class OutputFileError extends Error {}

/**
 * Where a command's output goes as it is produced: the file its `writesFile` option names (opened on
 * first need, so bad options create no file), else the CLI's stdout.
 */
function commandOutput(
  io: CliIo,
  file: string | undefined,
): { open(): Promise<Writable>; finish(ok: boolean): Promise<void> } {
  if (file === undefined) {
    const screen = new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        io.stdout(String(chunk));
        done();
      },
    });
    return { open: async () => screen, finish: async () => {} };
  }
  let stream: WriteStream | undefined;
  return {
    async open() {
      if (!stream) {
        try {
          stream = (await open(file, 'w')).createWriteStream();
        } catch (err) {
          throw new OutputFileError(
            `Cannot write ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : err instanceof Error ? err.message : String(err)}`,
          );
        }
      }
      return stream;
    },
    async finish(ok) {
      if (!stream) return;
      stream.end();
      await finished(stream);
      // A failed command leaves no half-written file behind.
      if (!ok) await rm(file, { force: true });
    },
  };
}

async function parseAndRun(argv: string[], io: CliIo): Promise<number> {
  const program = new Command()
    .name('npm run admin --')
    .description('Staffroom admin commands for HR')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  let exitCode = 0;
  const groups = new Map<string, Command>();
  for (const spec of COMMANDS) {
    // `contract issue` is the subcommand `issue` of `contract`.
    const [noun, verb] = spec.name.split(' ') as [string, string | undefined];
    let parent = program;
    if (verb) {
      if (!groups.has(noun)) groups.set(noun, program.command(noun).description(`${noun} commands`).exitOverride());
      parent = groups.get(noun)!;
    }
    const cmd = parent
      .command(verb ?? noun)
      .description(spec.description)
      .exitOverride();
    for (const a of spec.args ?? []) cmd.argument(`<${a.name}>`, a.description);
    for (const o of spec.options) cmd.option(o.flags, o.description);
    cmd.action(async (...params: unknown[]) => {
      const args = spec.args ?? [];
      const opts = { ...(params[args.length] as Record<string, unknown>) };
      args.forEach((a, i) => (opts[a.name] = params[i]));
      // An option like --csv FILE: the output goes to that file, where HR runs the command.
      const target = spec.options.find((o) => o.writesFile);
      const key =
        target && /--([a-z0-9-]+)/.exec(target.flags)![1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const file = key && typeof opts[key] === 'string' ? (opts[key] as string) : undefined;
      const output = commandOutput(io, file);
      let result: CommandResult;
      try {
        result = await execute(io, spec.name, opts, output.open);
      } catch (err) {
        await output.finish(false);
        throw err;
      }
      await output.finish(result.exitCode === 0);
      if (file !== undefined && result.exitCode === 0) io.stdout(`Wrote the CSV to ${file}\n`);
      for (const line of result.lines) io.stdout(`${line}\n`);
      if (result.error) io.stderr(`${result.error}\n`);
      exitCode = result.exitCode;
    });
  }
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2;
    }
    throw err;
  }
  return exitCode;
}

/** Runs one admin command line. @returns the exit code; never throws for a refusal. */
export async function runAdminCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await parseAndRun(argv, io);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof OutputFileError) {
      io.stderr(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
