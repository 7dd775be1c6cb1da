/**
 * Issue 14's promise, checked: every task of the admin CLI can be run from the console, a manager only
 * for their venues, except the two that stay shell-only (`seed-demo`, and enrolling someone else's
 * authenticator, which must happen with the person at hand). A new CLI command fails this test until
 * it is mapped to its console call (described at /api/docs) or added to the shell-only list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '@server/cli/commands.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Each CLI command and the console call(s) that do its job, as method and path under /api (`{}` for a parameter). */
const CONSOLE_CALLS: Record<string, string[]> = {
  'create-staff': ['POST /admin/people'],
  'fieldset import': ['POST /admin/fieldsets'],
  invite: ['POST /admin/joiners', 'POST /admin/joiners/{}/resend'],
  'contract issue': ['POST /admin/documents', 'POST /admin/documents/preview'],
  'agreement issue': ['POST /admin/documents', 'POST /admin/documents/preview'],
  'selfie reset': ['POST /admin/people/{}/selfie-reset'],
  'role grant': ['POST /admin/people/{}/role'],
  'role revoke': ['POST /admin/people/{}/role'],
  'till-key create': ['POST /admin/venues/{}/till-keys'],
  'till-key revoke': ['POST /admin/till-keys/{}/revoke'],
  'insurance list': ['GET /admin/insurance'],
  'insurance approve': ['POST /admin/insurance/{}/approve'],
  'insurance reject': ['POST /admin/insurance/{}/reject'],
  'survey import': ['POST /admin/surveys'],
  'survey results': ['GET /admin/surveys/{}/results', 'GET /admin/surveys/{}/results.csv'],
  'staff leave': ['POST /admin/people/{}/leaving', 'POST /admin/people/{}/leaving/cancel'],
  'staff rehire': ['POST /admin/people/{}/rehire'],
  'staff password-link': ['POST /admin/people/{}/password-link'],
  'staff import': ['POST /admin/staff-import/dry-run', 'POST /admin/staff-import'],
  'venue add': ['POST /admin/venues'],
  'venue list': ['GET /admin/venues'],
};

/**
 * The commands that stay in the shell (issue 14: "Done when"), and the operator's key, backup and
 * restored-erasure commands, which are no HR task (docs/operations.md#keys-and-secrets, #backups,
 * #erasures-after-a-restore).
 */
const SHELL_ONLY = [
  'seed-demo',
  'tfa add-authenticator',
  'keys status',
  'keys reseal',
  'backup',
  'restore',
  'erasures list',
  'erasures reapply',
];

describe('the admin CLI and the console', () => {
  let t: TestApp & { dropAll(): Promise<void> };
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.dropAll());

  it('maps every CLI command to a console call, or to the shell-only list', () => {
    const unmapped = COMMANDS.map((command) => command.name).filter(
      (name) => !(name in CONSOLE_CALLS) && !SHELL_ONLY.includes(name),
    );
    expect(unmapped).toEqual([]);
    // And names no command that no longer exists.
    const names = new Set(COMMANDS.map((command) => command.name));
    expect([...Object.keys(CONSOLE_CALLS), ...SHELL_ONLY].filter((name) => !names.has(name))).toEqual([]);
  });

  it('finds every console call of the map described at /api/docs', async () => {
    // The whole description: /api/docs serves the console's part to signed-in HR only.
    await t.app.ready();
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const described = new Set(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
    const missing = Object.values(CONSOLE_CALLS)
      .flat()
      .filter((call) => !described.has(call.replace(' /', ' /api/')));
    expect(missing).toEqual([]);
  });
});
