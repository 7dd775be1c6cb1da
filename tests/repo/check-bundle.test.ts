/**
 * scripts/check-bundle.mjs, which `npm run test:e2e` runs on the real build, refuses a chunk whose
 * source map shows zod and passes one without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { findForbiddenChunks } from '../../scripts/check-bundle.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function chunk(name: string, sources: string[] | null, text = 'export{}') {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
  if (sources) fs.writeFileSync(path.join(dir, `${name}.map`), JSON.stringify({ version: 3, sources, mappings: '' }));
}

describe('check-bundle', () => {
  it('passes a build whose chunks hold no zod', () => {
    chunk('assets/index-abc.js', ['../../node_modules/react/index.js', '../../src/web/main.tsx']);
    expect(findForbiddenChunks(dir)).toEqual([]);
  });

  it('names a chunk that carries zod', () => {
    chunk('assets/login-def.js', ['../../node_modules/zod/v4/classic/schemas.js', '../../src/shared/api/auth.ts']);
    expect(findForbiddenChunks(dir)).toEqual([{ chunk: 'assets/login-def.js', packages: ['zod'] }]);
  });

  it('finds zod by its class names in a chunk without a source map', () => {
    fs.rmSync(path.join(dir, 'assets/login-def.js.map'));
    fs.writeFileSync(path.join(dir, 'assets/login-def.js'), 'const a=1;');
    chunk('assets/runtime-ghi.js', null, 'var t=r("$ZodType",(e,n)=>{});');
    expect(findForbiddenChunks(dir)).toEqual([{ chunk: 'assets/runtime-ghi.js', packages: ['zod'] }]);
  });
});
