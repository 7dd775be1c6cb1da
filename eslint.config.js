/**
 * Lint, and the house rules of docs/architecture.md#one-way-imports as rules rather than comments.
 * Each boundary message starts with its name in brackets (`[shared-imports-nothing]`); the
 * fixtures in tests/lint-fixtures break one each, and tests/repo/lint-boundaries.test.ts checks
 * that the named rule fires.
 */
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('./src/web/features');
const modules = folders('./src/server/modules');
const consoleScreens = folders('./src/web/features/console').filter((screen) => screen !== 'shared');
const consoleServerScreens = folders('./src/server/modules/console').filter((screen) => screen !== 'shared');
const why = (name, text) => `[${name}] ${text} (docs/architecture.md#one-way-imports)`;

/** no-restricted-syntax of every web file. */
const WEB_RESTRICTED_SYNTAX = [
  // A dynamic import() of the contract would load its schemas, zod with them.
  {
    selector: 'ImportExpression[source.value=/(^@shared\\/api\\/|\\/shared\\/api\\/|^zod($|\\/))/]',
    message: why(
      'web-types-only-from-contract',
      'The web never loads src/shared/api or zod at run time, not even lazily.',
    ),
  },
];

/**
 * The web's files whose every user-facing text comes from the message catalogues
 * (src/web/i18n/catalogues). Not yet: My Details, onboarding, the link pages, My Vehicles, My
 * Documents, surveys, two-factor, the error pages and the HR console.
 */
const TRANSLATED_SCREENS = [
  'src/web/i18n/**',
  'src/web/components/layout/**',
  'src/web/components/ui/offline-notice.tsx',
  'src/web/features/dashboard/**',
  'src/web/features/team-discount/**',
  'src/web/features/auth/**',
  'src/web/app/routes/app/dashboard.tsx',
  'src/web/features/documents/**',
  'src/web/components/signing/**',
  'src/web/components/document-viewer/**',
  'src/web/app/routes/contract.tsx',
  'src/web/app/routes/agreement.tsx',
  'src/web/app/routes/app/my-documents.tsx',
  'src/web/features/my-details/**',
  'src/web/app/routes/app/my-details.tsx',
  'src/web/features/vehicles/**',
  'src/web/app/routes/app/vehicle-management.tsx',
  'src/web/features/onboarding/**',
  'src/web/app/routes/onboard.tsx',
  'src/web/components/onboarding-fields/**',
  'src/web/components/token-page/**',
  'src/web/features/surveys/**',
  'src/web/app/routes/app/survey.tsx',
  'src/web/features/two-factor/**',
  'src/web/features/password-link/**',
  'src/web/app/routes/set-password.tsx',
  'src/web/app/routes/not-found.tsx',
  'src/web/app/routes/route-error-boundary.tsx',
  'src/web/app/routes/logout.tsx',
  'src/web/app/routes/landing.tsx',
  'src/web/app/pages-i18n.ts',
  'src/web/features/team-apps/**',
  'src/web/app/routes/app/team-apps.tsx',
  'src/web/components/forms/**',
  'src/web/components/errors/**',
  'src/web/components/ui/**',
  'src/web/lib/error-text.ts',
];

const HARD_CODED = 'User-facing text comes from the message catalogues (src/web/i18n/catalogues): use t(…).';
/** Attributes whose value a user reads or hears. */
const TEXT_ATTRIBUTE =
  'JSXAttribute[name.name=/^(label|title|alt|placeholder|aria-label|helperText|message|primary|secondary)$/]';
/** Words in the page: letters in JSX text, string literals and template literals where text is shown. */
const HARD_CODED_TEXT = [
  { selector: 'JSXText[value=/[A-Za-z]{2,}/]', message: HARD_CODED },
  { selector: `${TEXT_ATTRIBUTE} > Literal[value=/[A-Za-z]{2,}/]`, message: HARD_CODED },
  { selector: `${TEXT_ATTRIBUTE} > JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]`, message: HARD_CODED },
  { selector: `${TEXT_ATTRIBUTE} > JSXExpressionContainer > TemplateLiteral`, message: HARD_CODED },
  { selector: 'JSXElement > JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]', message: HARD_CODED },
  { selector: 'JSXElement > JSXExpressionContainer > TemplateLiteral', message: HARD_CODED },
];

/** import-x/no-restricted-paths zones: who may import what, by folder. */
const zones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: why('shared-imports-nothing', 'src/shared is the contract: it imports neither src/server nor src/web.'),
  },
  {
    target: './src/web',
    from: './src/server',
    message: why('web-not-server', 'The web never imports the server.'),
  },
  {
    target: './src/server',
    from: './src/web',
    message: why('server-not-web', 'The server never imports the web.'),
  },
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: why(
      'feature-isolation',
      `A web feature never imports another feature's files; move what "${feature}" needs to src/web/lib or components.`,
    ),
  })),
  // Inside the console, as between features: a screen imports only itself and the console's shared folder.
  ...consoleScreens.map((screen) => ({
    target: `./src/web/features/console/${screen}`,
    from: './src/web/features/console',
    except: [`./${screen}`, './shared'],
    message: why(
      'console-screen-isolation',
      `A console screen never imports another screen's files; move what "${screen}" needs to features/console/shared.`,
    ),
  })),
  {
    target: './src/web/features/console/shared',
    from: './src/web/features/console',
    except: ['./shared'],
    message: why('console-screen-isolation', 'features/console/shared imports no console screen.'),
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/stores'],
    from: './src/web/features',
    message: why('shared-web-imports-no-feature', 'src/web/components, lib and stores import no feature.'),
  },
  {
    target: './src/server/db',
    from: './src/server/modules',
    message: why('db-imports-no-module', 'src/server/db imports no module.'),
  },
  ...consoleServerScreens.map((screen) => ({
    target: `./src/server/modules/console/${screen}`,
    from: './src/server/modules/console',
    except: [`./${screen}`, './shared'],
    message: why(
      'console-screen-isolation',
      `A console screen never imports another screen's files; move what "${screen}" needs to modules/console/shared.`,
    ),
  })),
  {
    target: './src/server/modules/console/shared',
    from: './src/server/modules/console',
    except: ['./shared'],
    message: why('console-screen-isolation', 'modules/console/shared imports no console screen.'),
  },
  {
    // Modules import Services and the helpers; one import back, even of a type, closes a cycle.
    target: ['./src/server/services.ts', './src/server/lib'],
    from: './src/server/modules',
    message: why(
      'services-import-no-module',
      'src/server/services.ts and src/server/lib import no module: what both need lives in lib.',
    ),
  },
  ...modules.map((module) => ({
    target: ['./src/server/*.ts', './src/server/!(modules)/**', `./src/server/modules/!(${module})/**`],
    from: `./src/server/modules/${module}`,
    except: ['./index.ts'],
    message: why(
      'module-public-file',
      `Reach the "${module}" module only through src/server/modules/${module}/index.ts.`,
    ),
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'tests/lint-fixtures/**',
      'drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without them import-x reads no TypeScript file it resolves to, and no-cycle sees no imports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.sw.json', 'tsconfig.tests.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': 'error',
      // buildApp's logger is read by a callback made before the logger exists.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Run-time cycles only: the rule skips `import type`, which the zones above keep one way. Packages
      // cannot import our files back, so it does not walk into them (a tenth of lint's CPU time otherwise).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*'],
              message: why(
                'use-path-aliases',
                'Imports that climb out of their folder use @shared/…, @server/… or @web/….',
              ),
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': ['error', ...WEB_RESTRICTED_SYNTAX],
      // Moving focus to the first field of a dialog step is the dialog pattern (WAI-ARIA APG).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*'],
              allowTypeImports: true,
              message: why('web-types-only-from-contract', 'zod never reaches the browser bundle.'),
            },
            {
              group: ['@shared/api/*', '**/shared/api/*', '!@web/**'],
              allowTypeImports: true,
              message: why(
                'web-types-only-from-contract',
                'The web imports only types from src/shared/api (its values are zod schemas).',
              ),
            },
            {
              group: ['../../*'],
              message: why(
                'use-path-aliases',
                'Imports that climb out of their folder use @shared/…, @server/… or @web/….',
              ),
            },
          ],
        },
      ],
    },
  },
  {
    // The screens that read in the member's language (docs/decisions/0069-member-language.md) show no
    // hard-coded text: every word comes from the message catalogues. The list grows with the conversion.
    files: TRANSLATED_SCREENS,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...WEB_RESTRICTED_SYNTAX, ...HARD_CODED_TEXT],
    },
  },
  {
    // The service worker runs in a worker, not a page.
    files: ['src/web/service-worker/**'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The zod-free facts beside the contract (constants, rules, brands) are what the web may load at
    // run time: they must stay free of zod and of the contract's schemas.
    files: ['src/shared/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', './api/*', '@shared/api/*'],
              allowTypeImports: true,
              message: why(
                'shared-facts-zod-free',
                'src/shared/*.ts is loaded by the web: no zod, and only types from the contract.',
              ),
            },
          ],
        },
      ],
    },
  },
  {
    // Test doubles record what they were given and stand in for a camera: not app code.
    files: ['src/web/testing/**'],
    rules: {
      'react-hooks/immutability': 'off',
      'react-hooks/exhaustive-deps': 'off',
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  {
    // Tests read answers loosely on purpose.
    files: ['tests/**', 'src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
