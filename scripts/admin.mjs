/**
 * `npm run admin -- <command> [options]`: the admin CLI (src/server/cli/index.ts) in this process.
 * A checkout with its dev tools runs the sources through tsx, so a change needs no build, as before;
 * a production install (`npm ci --omit=dev`, which has no tsx) runs the build,
 * dist/server/cli/index.js. `ADMIN_CLI=build` picks the build in a checkout too.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src/server/cli/index.ts');
const built = path.join(root, 'dist/server/cli/index.js');

/** Whether tsx is installed here: it is a devDependency, absent from a production install. */
function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

if (process.env.ADMIN_CLI !== 'build' && fs.existsSync(source) && hasTsx()) {
  const { register } = await import('tsx/esm/api');
  // tsconfig.json carries the @server/… and @shared/… aliases the sources import by.
  register({ tsconfig: path.join(root, 'tsconfig.json') });
  await import(pathToFileURL(source).href);
} else if (fs.existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  process.stderr.write('The admin CLI is not built: run `npm run build` first (or `npm ci` for the dev tools).\n');
  process.exit(1);
}
