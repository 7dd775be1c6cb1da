/**
 * The server preloads each route's code with the page (src/server/plugins/route-preloads.ts) from a
 * table that mirrors the web's router: every lazily loaded route module, and every route path, of
 * src/web/app/router.tsx and of the HR console's own router (src/web/app/routes/admin/layout.tsx)
 * must be in it, or that screen would load one step late.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '@server/plugins/route-preloads.js';

/** Each router file and the folder (relative to src/web) its `./` imports start from. */
const routers = [
  { file: 'src/web/app/router.tsx', dir: 'app' },
  { file: 'src/web/app/routes/admin/layout.tsx', dir: 'app/routes/admin' },
].map(({ file, dir }) => ({ source: fs.readFileSync(file, 'utf8'), dir }));
const lazyModules = routers.flatMap(({ source, dir }) =>
  [...source.matchAll(/lazy\(\(\) => import\('\.\/([^']+)'\)\)/g)].map((m) => `${dir}/${m[1]}.tsx`),
);
const paths = routers.flatMap(({ source }) => [...source.matchAll(/path(?:: '|=")([^'"]+)['"]/g)].map((m) => m[1]!));

describe('route preloads', () => {
  it('know every lazily loaded route module of the router', () => {
    expect(lazyModules.length).toBeGreaterThan(10);
    const known = new Set(ROUTE_MODULES.flatMap((route) => route.modules));
    expect(lazyModules.filter((module) => !known.has(module))).toEqual([]);
  });

  it('know every route path of the router, in the same shape', () => {
    expect(paths.filter((path) => !ROUTE_MODULES.some((route) => route.route === path))).toEqual([]);
  });

  it('match a concrete address to its screen, anything else to the not-found page', () => {
    const screen = (pathname: string) => ROUTE_MODULES.find((route) => route.pattern.test(pathname))!.modules.at(-1);
    expect(screen('/dashboard')).toBe('app/routes/app/dashboard.tsx');
    expect(screen('/survey/6')).toBe('app/routes/app/survey.tsx');
    expect(screen('/onboard/abc')).toBe('app/routes/onboard.tsx');
    // The console: `/admin` opens the people list, so it preloads that screen.
    expect(screen('/admin')).toBe('app/routes/admin/people.tsx');
    expect(screen('/admin/people')).toBe('app/routes/admin/people.tsx');
    expect(screen('/admin/people/0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01')).toBe('app/routes/admin/person.tsx');
    expect(screen('/admin/people/import')).toBe('app/routes/admin/staff-import.tsx');
    expect(screen('/admin/people/1/extra')).toBe('app/routes/not-found.tsx');
    expect(screen('/nowhere')).toBe('app/routes/not-found.tsx');
    expect(screen('/dashboard/extra')).toBe('app/routes/not-found.tsx');
  });
});
