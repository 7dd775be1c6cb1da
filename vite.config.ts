import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogues } from './scripts/vite-catalogues.js';
import { BRANDS } from './src/shared/brands.js';
import {
  APPLE_TOUCH_ICON,
  brandIconFolder,
  FAVICON,
  icoOf,
  iconSvg,
  MANIFEST_ICONS,
  type IconShape,
} from './src/shared/web-app-manifest.js';

/** `@shared/…`, `@server/…`, `@web/…`: the path aliases of tsconfig.base.json, for Vite and Vitest. */
export const pathAliases = ['shared', 'server', 'web'].map((room) => ({
  find: new RegExp(`^@${room}/`),
  replacement: fileURLToPath(new URL(`./src/${room}/`, import.meta.url)),
}));

/** The text files of a build, which are served compressed. */
export const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;

/** What phones download gets the highest levels; source maps, which only developer tools fetch, a quick level. */
const BROTLI_LEVEL = { phone: 11, map: 4 };
const GZIP_LEVEL = { phone: 9, map: 6 };

/**
 * Files the service worker precaches (docs/decisions/0011-service-worker-and-offline-card.md): the page,
 * its code, styles and pictures, but not pdf.js (the PDF screens' viewer chunk and its worker, about
 * 1.3 MB), which a phone on one bar of signal should not download just to install the worker, nor the
 * HR console's own chunks (consoleOnlyChunks), which staff never run; the worker caches those when a
 * console page first fetches them.
 */
const PRECACHE = {
  globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2}'],
  // Nor the brands' home-screen and tab icons: the browser fetches those itself when it installs the app.
  globIgnores: ['**/pdf-viewer-*.js', '**/pdf.worker*', 'brands/*/icons/**'],
  manifestTransforms: [
    <Entry extends { url: string }>(entries: Entry[]) => ({
      manifest: entries.filter((entry) => !consoleOnlyFiles.has(entry.url)),
      warnings: [] as string[],
    }),
  ],
};

/**
 * Compresses, after every other plugin has written its files, each text file of the build that has no
 * .br and .gz beside it yet: the service worker (and its map), which vite-plugin-pwa writes after the
 * bundle the compression plugin sees.
 */
function compressLateFiles(): Plugin {
  let outDir = '';
  return {
    name: 'staffroom:compress-late-files',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = (readdirSync(outDir, { recursive: true }) as string[]).filter(
          (file) => TEXT_ASSET.test(file) && !file.startsWith('.'),
        );
        for (const file of files) {
          const full = path.join(outDir, file);
          if (existsSync(`${full}.br`) && existsSync(`${full}.gz`)) continue;
          const levels = file.endsWith('.map') ? 'map' : 'phone';
          const raw = readFileSync(full);
          writeFileSync(
            `${full}.br`,
            zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_LEVEL[levels] } }),
          );
          writeFileSync(`${full}.gz`, zlib.gzipSync(raw, { level: GZIP_LEVEL[levels] }));
        }
      },
    },
  };
}

/**
 * Each brand's icons (src/shared/web-app-manifest.ts), drawn from its logo with sharp: the manifest's
 * 192 and 512 px icons, plain and maskable, the 180 px apple-touch-icon and a favicon.ico, written to
 * `brands/<id>/icons/` of the build. The server answers `/favicon.ico` and `/apple-touch-icon.png`
 * with the files of the brand it serves (plugins/spa.ts).
 */
function brandIcons(): Plugin {
  return {
    name: 'staffroom:brand-icons',
    apply: 'build',
    async generateBundle(_options, bundle) {
      // Only for the app's bundle, not the service worker's own build (vite-plugin-pwa), whose entry is sw.ts.
      const isWorker = Object.values(bundle).some(
        (output) =>
          output.type === 'chunk' && output.isEntry && /[\\/]service-worker[\\/]/.test(output.facadeModuleId ?? ''),
      );
      if (isWorker) return;
      const { default: sharp } = await import('sharp');
      for (const brand of BRANDS) {
        const logo = readFileSync(fileURLToPath(new URL(`./src/web/public${brand.logo}`, import.meta.url)), 'utf8');
        const png = (side: number, shape: IconShape) =>
          sharp(Buffer.from(iconSvg(logo, brand, side, shape)))
            .png({ compressionLevel: 9 })
            .toBuffer();
        const folder = brandIconFolder(brand.id).slice(1);
        const emit = (file: string, source: Uint8Array) =>
          this.emitFile({ type: 'asset', fileName: `${folder}/${file}`, source });
        for (const icon of MANIFEST_ICONS)
          emit(icon.file, await png(icon.size, icon.purpose === 'any' ? 'tile' : 'full-bleed'));
        emit(APPLE_TOUCH_ICON.file, await png(APPLE_TOUCH_ICON.size, 'full-bleed'));
        const favicons = await Promise.all(FAVICON.sizes.map(async (side) => ({ side, png: await png(side, 'tile') })));
        emit(FAVICON.file, icoOf(favicons));
      }
    },
  };
}

/** The libraries of the `framework` chunk (see `codeSplitting` below), by folder. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|internal|ButtonBase|Typography|CircularProgress|Paper|Alert|Stack|Backdrop|Fade|SvgIcon|IconButton|useThemeProps|styled|zero-styled|DefaultPropsProvider|Button|Box)|react-transition-group|stylis|wouter|ky|zustand|clsx|prop-types|react-is|@babel[\\/]runtime|hoist-non-react-statics)[\\/]/;
/**
 * Files in those folders that only the HR console's table (the MUI X Data Grid) uses: its checkbox and
 * paging icons, an animation helper and three Babel helpers. Left out of `framework`, so the console
 * does not grow what every staff and joiner screen downloads (scripts/check-budgets.ts).
 */
const CONSOLE_TABLE_ONLY =
  /node_modules[\\/](@mui[\\/]material[\\/](internal[\\/](animate|svg-icons[\\/](KeyboardArrowLeft|KeyboardArrowRight|FirstPage|LastPage|CheckBox|CheckBoxOutlineBlank|IndeterminateCheckBox))|styles[\\/]cssUtils)|@babel[\\/]runtime[\\/]helpers[\\/]esm[\\/](typeof|toPrimitive|toPropertyKey))\.m?js$/;

/**
 * Files in those folders that only screens after sign-in use: the roving focus of menus, tabs and
 * toggle buttons, the Grid and Container layouts, media queries in script, and the check box, radio and
 * switch base with its icons. Left out of `framework`, so the sign-in screen, whose budget is the
 * tightest (scripts/check-budgets.ts), does not download them.
 */
const AFTER_SIGN_IN_ONLY =
  /node_modules[\\/]@mui[\\/](utils[\\/]useRovingTabIndex[\\/]|system[\\/](Grid|Container|useMediaQuery)[\\/]|material[\\/](utils[\\/]useRovingTabIndex|internal[\\/](SwitchBase|switchBaseClasses|svg-icons[\\/](RadioButtonChecked|RadioButtonUnchecked|Person|Cancel)))\.mjs$)/;

/** Whether a module goes into the `framework` chunk. */
const inFramework = (id: string) => FRAMEWORK.test(id) && !CONSOLE_TABLE_ONLY.test(id) && !AFTER_SIGN_IN_ONLY.test(id);

/**
 * The HR console's own code (docs/product.md#console): screens only HR and managers open, in
 * `features/console` and, mirroring the `/admin` addresses, `app/routes/admin`.
 */
export const CONSOLE_SOURCE = /[\\/]src[\\/]web[\\/](features[\\/]console|app[\\/]routes[\\/]admin)[\\/]/;

/** The JS files of the last app build that only the console's screens load (consoleOnlyChunks). */
const consoleOnlyFiles = new Set<string>();

interface BundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The chunks a staff or joiner screen can never load: those the page's entry does not reach through
 * static or dynamic imports without passing through a console screen (a chunk whose module is a
 * console route or console feature module). Pure, for the build's bundle.
 */
export function consoleOnlyChunksOf(bundle: Record<string, BundleChunk>): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (queue.length) {
    const file = queue.pop()!;
    const chunk = byFile.get(file);
    if (!chunk || reached.has(file) || (chunk.facadeModuleId && CONSOLE_SOURCE.test(chunk.facadeModuleId))) continue;
    reached.add(file);
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return chunks.map((chunk) => chunk.fileName).filter((file) => !reached.has(file));
}

/**
 * Notes the console-only chunks of the app's build (consoleOnlyChunksOf), which PRECACHE's
 * manifestTransforms then leaves out of the service worker's precache: every staff phone installs
 * the worker, and the console's code (its tables and charts among it) is about a third of the build.
 */
function consoleOnlyChunks(): Plugin {
  return {
    name: 'staffroom:console-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The service worker's own build (vite-plugin-pwa), whose entry is sw.ts, keeps the app's list.
      if (
        Object.values(bundle).some(
          (output) =>
            output.type === 'chunk' && output.isEntry && /[\\/]service-worker[\\/]/.test(output.facadeModuleId ?? ''),
        )
      )
        return;
      consoleOnlyFiles.clear();
      for (const file of consoleOnlyChunksOf(bundle as Record<string, BundleChunk>)) consoleOnlyFiles.add(file);
    },
  };
}
/** Screens (entry chunks) that must share a library before it goes into `signed-in`. */
const SIGNED_IN_SHARE_COUNT = 4;

interface GraphView {
  getModuleInfo(
    id: string,
  ): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/**
 * `signed-in` for a library that four or more staff or joiner screens load, else null (the library
 * goes where Rolldown's automatic splitting puts it). The console's screens are not counted: a
 * library three staff screens share and the console also uses stays out of `signed-in`, so the
 * console using more of MUI never grows what every staff screen downloads (scripts/check-budgets.ts).
 * Counts the entry chunks (the page's entry and each lazily loaded module) that reach the library
 * through static imports.
 */
function signedInUnlessConsoleOnly(): (id: string, ctx: GraphView) => string | null {
  const entriesOf = new Map<string, Set<string>>();
  const reachingEntries = (id: string, ctx: GraphView): Set<string> => {
    const known = entriesOf.get(id);
    if (known) return known;
    const entries = new Set<string>();
    const seen = new Set([id]);
    const queue = [id];
    while (queue.length) {
      const current = queue.pop()!;
      const info = ctx.getModuleInfo(current);
      if (!info) continue;
      if ((info.isEntry || info.dynamicImporters.length > 0) && !CONSOLE_SOURCE.test(current)) entries.add(current);
      // Not through `framework`: its barrels (`@mui/material/styles`) re-export modules no screen uses,
      // which would count every screen; what `framework` really needs, every screen has anyway.
      if (current !== id && inFramework(current)) continue;
      for (const importer of info.importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    entriesOf.set(id, entries);
    return entries;
  };
  // The signature pad is first-load code of the signing screens only (the two link pages, onboarding's
  // contract step, a document of My Documents): four screens, but never every signed-in one.
  const signingOnly = /node_modules\/(?:react-signature-canvas|signature_pad)\//;
  return (id, ctx) =>
    !signingOnly.test(id) && reachingEntries(id, ctx).size >= SIGNED_IN_SHARE_COUNT ? 'signed-in' : null;
}

/** The SPA lives in src/web; the build lands in dist/web, which the server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    // The message catalogues, compiled at build time (docs/decisions/0069-member-language.md).
    catalogues(),
    consoleOnlyChunks(),
    brandIcons(),
    // The service worker at /sw.js (src/web/service-worker/sw.ts), with the files it precaches
    // written into it; the app registers it itself (src/web/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { ...PRECACHE, rollupFormat: 'iife' },
    }),
    // Every text file of the build also as .br and .gz, served by negotiation (plugins/spa.ts):
    // compressed once at build time, never per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_LEVEL.phone } }),
        defineAlgorithm('gzip', { level: GZIP_LEVEL.phone }),
      ],
      include: TEXT_ASSET,
      exclude: /\.map$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
    }),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_LEVEL.map } }),
        defineAlgorithm('gzip', { level: GZIP_LEVEL.map }),
      ],
      include: /\.map$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
    }),
    compressLateFiles(),
  ],
  resolve: {
    // pdf.js's legacy build carries the polyfills older phone browsers need (iOS before 17.4 lacks
    // Promise.withResolvers, which the modern build calls); react-pdf imports 'pdfjs-dist'.
    alias: [...pathAliases, { find: /^pdfjs-dist$/, replacement: 'pdfjs-dist/legacy/build/pdf.mjs' }],
  },
  build: {
    outDir: '../../dist/web',
    // dist/web/.vite/manifest.json: the chunks each route needs, which the server preloads with the page.
    manifest: true,
    emptyOutDir: true,
    // Written for the bundle and budget checks and for reading a production stack trace, but not named
    // in the served files (no sourceMappingURL comment): the server does not send them (spa.ts).
    sourcemap: 'hidden',
    // No modulepreload polyfill in the entry: every browser the portal supports but iOS Safari before
    // 17 preloads modules itself, and there the screens still load, only without the head start.
    modulePreload: { polyfill: false },
    // pdf.js (the lazy pdf-viewer chunk, PDF screens only) is ~750 kB on its own.
    chunkSizeWarningLimit: 900,
    // Fewer, larger chunks: a phone on HTTP/1.1 opens six connections per site, so the 22 files of
    // /login and 41 of /dashboard that automatic splitting made cost a round trip (150 ms on slow
    // 4G) per six files. `framework` is what every screen draws with (React, emotion, MUI's core and
    // the few components the sign-in screen uses, the router, the HTTP client, the stores): sign-in
    // loads nothing else but its own screen. `signed-in` is every other library shared by four or more
    // screens (TanStack Query, the frame's MUI components), which the sign-in screen never loads; the
    // HR console's screens do not count towards the four.
    // The budget check (scripts/check-budgets.ts) fails the build if either grows /login past 120 KiB.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: inFramework,
              priority: 2,
            },
            {
              name: signedInUnlessConsoleOnly(),
              test: /node_modules[\\/]/,
              minShareCount: SIGNED_IN_SHARE_COUNT,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/interaction': 'http://localhost:3000',
    },
  },
});
