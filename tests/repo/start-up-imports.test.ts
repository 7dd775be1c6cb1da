/**
 * What a start loads (docs/architecture.md#start-up-and-memory, decision 12): packages that only
 * some requests use are imported when first needed, so no static import chain from
 * `src/server/main.ts` (and the `serve.ts` it loads) may reach them. Follows the sources' static imports the way the build keeps
 * them (`verbatimModuleSyntax`: only `import type` and `export type` are dropped) and names the
 * chain that breaks the rule.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Loaded on first use; anything the server imports by name with `import()` joins them (a subpath such as `drizzle-orm/pglite` as itself). */
const ON_DEMAND = [
  'sharp',
  'file-type',
  'pdf-lib',
  '@cantoo/pdf-lib',
  '@cantoo/fontkit',
  'pkijs',
  'asn1js',
  '@peculiar/x509',
  'sanitize-html',
  'htmlparser2',
  'nodemailer',
  'libphonenumber-js',
  'yaml',
  'csv-parse',
  'csv-stringify',
  'otplib',
  '@node-rs/argon2',
  'qrcode',
  '@aws-sdk/client-s3',
];

/** The entry, and the server it imports with `import()` once it has held the young generation (lib/young-generation.ts). */
const ENTRIES = [path.resolve('src/server/main.ts'), path.resolve('src/server/serve.ts')];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const packageOf = (spec: string): string =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (spec: string): boolean => spec.startsWith('node:') || builtinModules.includes(packageOf(spec));

/** The source file an import of `spec` from `from` names, or the package it names. */
function resolve(spec: string, from: string): { file: string } | { pkg: string } | undefined {
  if (isBuiltin(spec)) return undefined;
  const local = spec.startsWith('.')
    ? path.resolve(path.dirname(from), spec)
    : spec.startsWith('@server/') || spec.startsWith('@shared/')
      ? path.resolve('src', spec.slice(1))
      : undefined;
  if (!local) return { pkg: packageOf(spec) };
  return { file: local.replace(/\.js$/, '.ts') };
}

/** Every package (and package subpath) reached from the entry through static imports, each with the chain that reaches it. */
function staticPackages(entries: string[]): Map<string, string[]> {
  const parents = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const packages = new Map<string, string[]>();
  const chain = (file: string): string[] => {
    const out: string[] = [];
    for (let at: string | null | undefined = file; at; at = parents.get(at))
      out.unshift(path.relative(process.cwd(), at));
    return out;
  };
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    const text = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, spec] of text.matchAll(STATIC_IMPORT)) {
      if (typeOnly) continue;
      const target = resolve(spec!, file);
      if (!target) continue;
      if ('pkg' in target) {
        for (const name of [target.pkg, spec!]) if (!packages.has(name)) packages.set(name, [...chain(file), spec!]);
      } else if (!parents.has(target.file)) {
        parents.set(target.file, file);
        queue.push(target.file);
      }
    }
  }
  return packages;
}

/** Packages and package subpaths named by an `import()` anywhere in the server. */
function lazilyImported(): string[] {
  const files = fs
    .readdirSync('src/server', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  return files.flatMap((f) =>
    [...fs.readFileSync(path.join('src/server', f), 'utf8').matchAll(DYNAMIC_IMPORT)]
      .map(([, spec]) => spec!)
      .filter(
        (spec) =>
          !spec.startsWith('.') && !spec.startsWith('@server/') && !spec.startsWith('@shared/') && !isBuiltin(spec),
      ),
  );
}

describe('start-up imports', () => {
  it('finds the packages a start needs, so the walk itself works', () => {
    const reached = staticPackages(ENTRIES);
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['fastify', 'zod', 'drizzle-orm']));
  });

  it('reaches no package that is loaded on demand', () => {
    const reached = staticPackages(ENTRIES);
    const onDemand = new Set([...ON_DEMAND, ...lazilyImported()]);
    const offenders = [...onDemand].filter((pkg) => reached.has(pkg)).map((pkg) => reached.get(pkg)!.join(' -> '));
    expect(offenders).toEqual([]);
  });

  it("creates every Fastify instance with the zod compilers, so no start loads Fastify's own (Ajv)", () => {
    const files = fs
      .readdirSync('src/server', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const creating = files.filter((f) => /\bFastify\(/.test(fs.readFileSync(path.join('src/server', f), 'utf8')));
    expect(creating.length).toBeGreaterThanOrEqual(2);
    const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
    const without = creating.filter((f) => {
      const source = fs.readFileSync(path.join('src/server', f), 'utf8');
      return count(source, /schemaController: zodSchemaController/g) < count(source, /\bFastify\(/g);
    });
    expect(without).toEqual([]);
  });

  it('holds the young generation before anything of the server loads, and lets the server release it', () => {
    const importsOf = (file: string) =>
      [...fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)]
        .filter(([, typeOnly]) => !typeOnly)
        .map(([, , spec]) => spec!)
        .filter((spec) => !isBuiltin(spec));
    // Anything main.ts imports statically is loaded before its first line runs, so before the hold.
    expect(importsOf(ENTRIES[0]!)).toEqual(['@server/lib/young-generation.js']);
    expect(importsOf(path.resolve('src/server/lib/young-generation.ts'))).toEqual([]);
    const main = fs.readFileSync(ENTRIES[0]!, 'utf8');
    const held = main.indexOf('holdYoungGeneration()');
    expect(held).toBeGreaterThan(-1);
    expect(main.indexOf("import('./serve.js')")).toBeGreaterThan(held);
    expect(fs.readFileSync(ENTRIES[1]!, 'utf8')).toMatch(/\bonStarted\(\);/);
  });
});
