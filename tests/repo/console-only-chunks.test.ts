/**
 * vite.config.ts leaves the HR console's chunks out of the service worker's precache: the chunks the
 * page's entry reaches only through a console screen, and no chunk a staff screen can load.
 */
import { describe, expect, it } from 'vitest';
import { consoleOnlyChunksOf } from '../../vite.config.js';

const chunk = (
  fileName: string,
  more: { isEntry?: boolean; facadeModuleId?: string; imports?: string[]; dynamicImports?: string[] } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  ...more,
});

describe('consoleOnlyChunksOf', () => {
  it('names the chunks only console screens reach, keeping what staff screens share with them', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', {
          isEntry: true,
          facadeModuleId: '/app/src/web/index.html',
          dynamicImports: ['assets/survey.js', 'assets/people.js', 'assets/documents.js'],
        }),
        chunk('assets/survey.js', {
          facadeModuleId: '/app/src/web/app/routes/app/survey.tsx',
          imports: ['assets/signed-in.js'],
        }),
        chunk('assets/people.js', {
          facadeModuleId: '/app/src/web/app/routes/admin/people.tsx',
          imports: ['assets/signed-in.js', 'assets/console-layout.js'],
          dynamicImports: ['assets/people-grid.js'],
        }),
        chunk('assets/documents.js', {
          facadeModuleId: '/app/src/web/features/console/documents/documents-page.tsx',
          imports: ['assets/console-layout.js'],
        }),
        chunk('assets/console-layout.js'),
        chunk('assets/people-grid.js'),
        chunk('assets/signed-in.js'),
      ].map((output) => [output.fileName, output]),
    );
    expect(consoleOnlyChunksOf(bundle).sort()).toEqual([
      'assets/console-layout.js',
      'assets/documents.js',
      'assets/people-grid.js',
      'assets/people.js',
    ]);
  });
});
