/**
 * The first screen's code, asked for with the page: for each route of the web app, the chunks its
 * screen needs (read from the build's manifest), as `<link rel="modulepreload">` lines the server
 * writes into the page. The browser then fetches the entry, the signed-in frame and the screen in
 * parallel instead of one after another (docs/architecture.md#layout).
 *
 * ROUTE_MODULES mirrors the lazy modules of src/web/app/router.tsx; tests/repo/route-preloads.test.ts
 * keeps the two in step.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LAYOUT = 'app/routes/app/layout.tsx';
/** TanStack Query and the page's query client: every screen but /login needs it. */
const QUERY = 'app/query-root.tsx';
/** The HR console's layout: the signed-in frame once the console role is known. */
const CONSOLE = 'app/routes/admin/layout.tsx';

/**
 * Each route's path pattern and the source modules of its screen (manifest keys, relative to src/web);
 * `loadsStaff` marks the screens that load the signed-in member before anything else (the frame and
 * `/`, as src/web/app/query-root.tsx), whose page carries the member when the browser is signed in;
 * `loadsOnboarding` the joiner's link, whose page carries the link's onboarding status and draft.
 * `loadsDiscountStatus` the team-discount screen, whose page also carries the member's card;
 * `loadsSurvey` a survey's screen, whose page also carries the survey.
 */
export const ROUTE_MODULES: {
  route: string;
  pattern: RegExp;
  modules: string[];
  loadsStaff?: true;
  loadsOnboarding?: true;
  loadsDiscountStatus?: true;
  loadsSurvey?: true;
}[] = [
  { route: '/', pattern: /^\/$/, modules: [QUERY, 'app/routes/landing.tsx'], loadsStaff: true },
  { route: '/login', pattern: /^\/login$/, modules: ['app/routes/login.tsx'] },
  { route: '/logout', pattern: /^\/logout$/, modules: [QUERY, 'app/routes/logout.tsx'] },
  {
    route: '/dashboard',
    pattern: /^\/dashboard$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/dashboard.tsx'],
    loadsStaff: true,
  },
  {
    route: '/my-details',
    pattern: /^\/my-details$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/my-details.tsx'],
    loadsStaff: true,
  },
  {
    route: '/vehicle-management',
    pattern: /^\/vehicle-management$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/vehicle-management.tsx'],
    loadsStaff: true,
  },
  {
    route: '/team-discount',
    pattern: /^\/team-discount$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/team-discount.tsx'],
    loadsStaff: true,
    loadsDiscountStatus: true,
  },
  {
    route: '/team-apps',
    pattern: /^\/team-apps$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/team-apps.tsx'],
    loadsStaff: true,
  },
  {
    route: '/survey/:id',
    pattern: /^\/survey\/[^/]+$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/survey.tsx'],
    loadsStaff: true,
    loadsSurvey: true,
  },
  {
    route: '/my-documents',
    pattern: /^\/my-documents$/,
    modules: [QUERY, LAYOUT, 'app/routes/app/my-documents.tsx'],
    loadsStaff: true,
  },
  // One of them: the route's file, then the document's page it loads at once (viewer and signature pad).
  {
    route: '/my-documents/:id',
    pattern: /^\/my-documents\/[^/]+$/,
    modules: [QUERY, LAYOUT, 'features/documents/components/my-document-page.tsx', 'app/routes/app/my-documents.tsx'],
    loadsStaff: true,
  },
  // `/admin` opens the people list, so it preloads that screen.
  {
    route: '/admin',
    pattern: /^\/admin\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/people.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/people',
    pattern: /^\/admin\/people\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/people.tsx'],
    loadsStaff: true,
  },
  // Before a person's page, whose pattern would take `import`.
  {
    route: '/admin/people/import',
    pattern: /^\/admin\/people\/import\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/staff-import.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/people/:id',
    pattern: /^\/admin\/people\/[^/]+\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/person.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/joiners',
    pattern: /^\/admin\/joiners\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/joiners.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/insurance',
    pattern: /^\/admin\/insurance\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/insurance.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/documents',
    pattern: /^\/admin\/documents\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/documents.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/templates',
    pattern: /^\/admin\/templates\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/templates.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/setup',
    pattern: /^\/admin\/setup\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/setup.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/payroll',
    pattern: /^\/admin\/payroll\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/payroll.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/right-to-work',
    pattern: /^\/admin\/right-to-work\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/right-to-work.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/surveys',
    pattern: /^\/admin\/surveys\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/surveys.tsx'],
    loadsStaff: true,
  },
  {
    route: '/admin/surveys/:id',
    pattern: /^\/admin\/surveys\/\d+\/?$/,
    modules: [QUERY, LAYOUT, CONSOLE, 'app/routes/admin/survey-results.tsx'],
    loadsStaff: true,
  },
  {
    route: '/onboard/:token',
    pattern: /^\/onboard\/[^/]+$/,
    modules: [QUERY, 'app/routes/onboard.tsx'],
    loadsOnboarding: true,
  },
  { route: '/contract/:token', pattern: /^\/contract\/[^/]+$/, modules: [QUERY, 'app/routes/contract.tsx'] },
  { route: '/agreement/:token', pattern: /^\/agreement\/[^/]+$/, modules: [QUERY, 'app/routes/agreement.tsx'] },
  { route: '/verify', pattern: /^\/verify$/, modules: [QUERY, 'app/routes/verify.tsx'] },
  {
    route: '/set-password/:token',
    pattern: /^\/set-password\/[^/]+$/,
    modules: [QUERY, 'app/routes/set-password.tsx'],
  },
  { route: '*', pattern: /^/, modules: [QUERY, 'app/routes/not-found.tsx'] },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Vite's build manifest: source module (relative to src/web) to its chunk and that chunk's imports. */
export type Manifest = Record<string, ManifestChunk>;

/** `webDistDir/.vite/manifest.json`, or an empty manifest when the build has none. */
export function readManifest(webDistDir: string): Manifest {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  return existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
}

/** The files `keys` load before they run: themselves and their static imports, transitively. */
export function filesOf(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length) {
    const key = queue.pop()!;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    files.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

/** The manifest keys of the page's entry (main.tsx). */
export function entryKeys(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
}

/**
 * Reads `webDistDir/.vite/manifest.json` and answers, per route, the preload lines to add to the
 * page: the screen's files that the entry does not already preload. Empty when there is no manifest
 * (a build without one, or none at all): the page then works as before, only slower.
 */
export function routePreloads(webDistDir: string): {
  route: string;
  pattern: RegExp;
  links: string;
  loadsStaff: boolean;
  loadsOnboarding: boolean;
  loadsDiscountStatus: boolean;
  loadsSurvey: boolean;
}[] {
  const manifest = readManifest(webDistDir);
  const preloadedByEntry = filesOf(manifest, entryKeys(manifest));
  return ROUTE_MODULES.map(
    ({ route, pattern, modules, loadsStaff, loadsOnboarding, loadsDiscountStatus, loadsSurvey }) => {
      const files = [...filesOf(manifest, modules)].filter((file) => !preloadedByEntry.has(file));
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
      return {
        route,
        pattern,
        links,
        loadsStaff: loadsStaff === true,
        loadsOnboarding: loadsOnboarding === true,
        loadsDiscountStatus: loadsDiscountStatus === true,
        loadsSurvey: loadsSurvey === true,
      };
    },
  );
}
