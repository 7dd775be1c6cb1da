/**
 * The web build's files are answered without the session (plugins/session.ts `skipsSession`), so a
 * request the browser makes by itself never answers for a session that was just replaced. What
 * `src/web/public` holds is copied to the build's root, so each entry there must be covered; pages
 * and the API must not be.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { skipsSession } from '@server/plugins/session.js';

describe('files answered without the session', () => {
  it("cover every entry of src/web/public, the service worker, the app's manifest and icons, and Vite's code", () => {
    const entries = fs.readdirSync('src/web/public', { withFileTypes: true });
    expect(entries.length).toBeGreaterThan(0);
    const uncovered = entries
      .map((entry) => (entry.isDirectory() ? `/${entry.name}/any-file.svg` : `/${entry.name}`))
      .filter((url) => !skipsSession(url));
    expect(uncovered).toEqual([]);
    for (const url of [
      '/sw.js',
      '/sw.js?v=2',
      '/assets/index-abc123.js',
      '/manifest.webmanifest',
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/brands/salt-and-ember/icons/icon-512.png',
    ])
      expect(skipsSession(url), url).toBe(true);
  });

  it('leave pages, the API and the sign-in provider to the session', () => {
    for (const url of [
      '/',
      '/login',
      '/dashboard',
      '/onboard/abc',
      '/index.html',
      '/api/staff/self-service/me',
      '/oidc/auth',
      '/sw.jsx',
      '/brands',
    ]) {
      expect(skipsSession(url), url).toBe(false);
    }
  });
});
