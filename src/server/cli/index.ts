/**
 * The admin CLI: `npm run admin -- <command> [options]`, `--help` for the list.
 * On PostgreSQL it connects directly; on the embedded PGlite folder it hands the command to the
 * running server (control channel) or, when none runs, opens the folder itself.
 */
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirBusyError, lockHolder } from '../db/data-dir-lock.js';
import { COMMANDS } from './commands.js';
import { sendToRunningServer } from './control-channel.js';
import { checkOptions, runCommand, type CommandResult } from './run-command.js';

async function execute(name: string, options: Record<string, unknown>): Promise<CommandResult> {
  // Bad options are refused before any database is touched.
  const problems = checkOptions(name, options);
  if (problems.length) return { lines: [], error: problems.join('\n'), exitCode: 2 };
  const config = loadConfig();
  if (!config.databaseUrl) {
    const remote = await sendToRunningServer(config.dataDir, name, options);
    if (remote) return remote;
    const holder = await lockHolder(config.dataDir);
    if (holder !== undefined) throw new DataDirBusyError(config.dataDir, holder);
  }
  const database = await openDatabase(config);
  try {
    return await runCommand({ db: database.db, config, name, options });
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('npm run admin --')
    .description('Staffroom admin commands for HR')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  let exitCode = 0;
  for (const spec of COMMANDS) {
    const cmd = program.command(spec.name).description(spec.description).exitOverride();
    for (const o of spec.options) cmd.option(o.flags, o.description);
    cmd.action(async (opts: Record<string, unknown>) => {
      const result = await execute(spec.name, opts);
      for (const line of result.lines) process.stdout.write(`${line}\n`);
      if (result.error) process.stderr.write(`${result.error}\n`);
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirBusyError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    }
    process.exit(1);
  },
);
