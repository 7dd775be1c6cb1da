import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** `@shared/…`, `@server/…`, `@web/…`: the path aliases of tsconfig.base.json, for Vite and Vitest. */
export const pathAliases = ['shared', 'server', 'web'].map((room) => ({
  find: new RegExp(`^@${room}/`),
  replacement: fileURLToPath(new URL(`./src/${room}/`, import.meta.url)),
}));

/** The SPA lives in src/web; the build lands in dist/web, which the server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    // pdf.js's legacy build carries the polyfills older phone browsers need (iOS before 17.4 lacks
    // Promise.withResolvers, which the modern build calls); react-pdf imports 'pdfjs-dist'.
    alias: [...pathAliases, { find: /^pdfjs-dist$/, replacement: 'pdfjs-dist/legacy/build/pdf.mjs' }],
  },
  build: {
    outDir: '../../dist/web',
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
