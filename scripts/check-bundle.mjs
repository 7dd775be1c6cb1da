/**
 * Checks the production web build (`dist/web`, built with source maps): no chunk may contain zod,
 * which the web must only ever import as types (docs/architecture.md#one-way-imports). A chunk's
 * contents are read from its source map's `sources`, so the check does not depend on minified names;
 * a chunk without a map (the bundler's runtime) is searched for the names zod registers its classes
 * under, which survive minification.
 * Usage: `node scripts/check-bundle.mjs [distDir]`; exits 1 naming the chunks that break it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Packages that must never reach the browser bundle, with strings their code always carries. */
export const FORBIDDEN_PACKAGES = { zod: ['$ZodType', 'ZodError'] };

/**
 * The JS chunks under `distDir` whose source maps include a forbidden package.
 * @returns `[{ chunk, packages }]`, chunk relative to distDir; empty when the build is clean.
 */
export function findForbiddenChunks(distDir) {
  const found = [];
  const chunks = fs
    .readdirSync(distDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'));
  for (const chunk of chunks) {
    const mapFile = path.join(distDir, `${chunk}.map`);
    const sources = fs.existsSync(mapFile) ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')).sources ?? []) : [];
    const text = fs.readFileSync(path.join(distDir, chunk), 'utf8');
    const packages = Object.entries(FORBIDDEN_PACKAGES)
      .filter(
        ([name, markers]) =>
          sources.some((source) => source.includes(`node_modules/${name}/`)) ||
          markers.some((marker) => text.includes(marker)),
      )
      .map(([name]) => name);
    if (packages.length) found.push({ chunk, packages });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist/web');
  const found = findForbiddenChunks(distDir);
  if (found.length) {
    for (const { chunk, packages } of found) console.error(`${chunk} contains ${packages.join(', ')}`);
    console.error('The web must import only types from src/shared/api (docs/architecture.md#one-way-imports).');
    process.exit(1);
  }
  console.log(
    `check-bundle: no chunk in ${path.relative(process.cwd(), distDir)} contains ${Object.keys(FORBIDDEN_PACKAGES).join(', ')}`,
  );
}
