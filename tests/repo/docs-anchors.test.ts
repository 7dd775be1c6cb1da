/**
 * The code cites its rules as `docs/product.md#<area>` and `docs/architecture.md#<section>`: every
 * cited anchor must exist (as GitHub makes anchors from headings), and no file may cite a document
 * that is not in the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOTS = ['src', 'tests', 'scripts', 'docs/decisions', '.ci'];
const CITED = /docs\/(product|architecture)\.md#([A-Za-z0-9_-]+)/g;
/** A document outside the repository, named by its path or section. */
const OUTSIDE = /spec §|DESIGN\.md|TOOLING\.md|staff-portal-spec|\.\.\/shared\//i;
/** Code also never leans on "the spec" in words: what it cites is docs/product.md. */
const OUTSIDE_IN_CODE = /\bthe spec\b|\bspec's\b/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|js|html|md)$|^run$/.test(entry.name) ? [file] : [];
  });
}

/** The anchors GitHub gives a Markdown file's headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[`*_]/g, '')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const files = [
  ...SOURCE_ROOTS.flatMap(sourceFiles),
  'README.md',
  'package.json',
  'eslint.config.js',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
].filter((file) => !file.endsWith('docs-anchors.test.ts'));
const anchors = {
  product: headingAnchors(fs.readFileSync('docs/product.md', 'utf8')),
  architecture: headingAnchors(fs.readFileSync('docs/architecture.md', 'utf8')),
};

describe('documentation cited by the code', () => {
  it('finds citations to check', () => {
    const count = files.reduce((n, file) => n + [...fs.readFileSync(file, 'utf8').matchAll(CITED)].length, 0);
    expect(count).toBeGreaterThan(100);
  });

  it('has every cited anchor', () => {
    const missing = files.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(CITED)]
        .filter(([, doc, anchor]) => !anchors[doc as keyof typeof anchors].has(anchor!))
        .map(([citation]) => `${file}: ${citation}`),
    );
    expect(missing).toEqual([]);
  });

  it('cites no document outside the repository', () => {
    const outside = files
      .filter((file) => !file.startsWith('tests/lint-fixtures/'))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return OUTSIDE.test(text) || (!file.endsWith('.md') && OUTSIDE_IN_CODE.test(text));
      });
    expect(outside).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect([
      ...headingAnchors('## My Details\n## Two-factor\n## Embedded defaults and production parts\n## Two-factor\n'),
    ]).toEqual(['my-details', 'two-factor', 'embedded-defaults-and-production-parts', 'two-factor-1']);
  });
});
