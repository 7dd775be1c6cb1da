/**
 * The admin CLI: `npm run admin -- <command> [options]`, `--help` for the list.
 * On PostgreSQL it connects directly; on the embedded PGlite folder it hands the command to the
 * running server (control channel) or, when none runs, opens the folder itself (run-cli.ts).
 */
import { runAdminCli } from './run-cli.js';

runAdminCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
