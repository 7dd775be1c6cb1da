import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** `@shared/…`, `@server/…`, `@web/…`: the path aliases of tsconfig.base.json, for Vite and Vitest. */
export const pathAliases = ['shared', 'server', 'web'].map((room) => ({
  find: new RegExp(`^@${room}/`),
  replacement: fileURLToPath(new URL(`./src/${room}/`, import.meta.url)),
}));

/** The text files of a build, which are served compressed. */
export const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;

/** The SPA lives in src/web; the build lands in dist/web, which the server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    // Every text file of the build also as .br and .gz, served by negotiation (plugins/spa.ts):
    // compressed once at build time, never per request. What phones download gets the highest
    // levels; source maps, which only developer tools fetch, a quick level.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: TEXT_ASSET,
      exclude: /\.map$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
    }),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
        defineAlgorithm('gzip', { level: 6 }),
      ],
      include: /\.map$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
    }),
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
    sourcemap: true,
    // pdf.js (the lazy pdf-viewer chunk, PDF screens only) is ~750 kB on its own.
    chunkSizeWarningLimit: 900,
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
