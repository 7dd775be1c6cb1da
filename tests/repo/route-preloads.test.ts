/**
 * The server preloads each route's code with the page (src/server/plugins/route-preloads.ts) from a
 * table that mirrors the web's router: every lazily loaded route module, and every route path, of
 * src/web/app/router.tsx must be in it, or that screen would load one step late.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '@server/plugins/route-preloads.js';

const router = fs.readFileSync('src/web/app/router.tsx', 'utf8');
const lazyModules = [...router.matchAll(/lazy\(\(\) => import\('\.\/([^']+)'\)\)/g)].map((m) => `app/${m[1]}.tsx`);
const paths = [...router.matchAll(/path(?:: '|=")([^'"]+)['"]/g)].map((m) => m[1]!);

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
    expect(screen('/nowhere')).toBe('app/routes/not-found.tsx');
    expect(screen('/dashboard/extra')).toBe('app/routes/not-found.tsx');
  });
});
