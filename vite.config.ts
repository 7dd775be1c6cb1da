import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The SPA lives in src/web; the build lands in dist/web, which the server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // pdf.js (the lazy pdf-viewer chunk, PDF screens only) is ~640 kB on its own.
    chunkSizeWarningLimit: 700,
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
