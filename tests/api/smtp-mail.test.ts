/**
 * Mail through a real SMTP server (`smtp-server`, in a process of its own on a loopback port), as
 * production sends it with `SMTP_URL`: the joiner's invitation arrives with its link, and while the
 * server refuses (451), HR is told and given the link to pass on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { linkOf, newEmail } from './helpers/joiners.js';
import { bodyOf, headerOf, startSmtpServer } from './helpers/smtp-server.js';
import { createTestApp } from './helpers/test-app.js';

describe('mail through a real SMTP server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('delivers the invitation with its link, and reports a refusal with the link for HR', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.stop);
    const t = await createTestApp('pglite', { env: { SMTP_URL: smtp.url, MAIL_FROM: 'HR <hr@example.com>' } });
    cleanups.push(t.dropAll);
    const invite = (email: string) =>
      runCommand({
        services: t.app.services,
        name: 'invite',
        options: {
          forename: 'Mo',
          surname: 'Khan',
          email,
          venue: 'Salt & Ember, Chester',
          position: 'Chef',
          startDate: '2026-12-01',
        },
      });

    // The server is refusing: HR is told, and gets the link.
    await smtp.refuseNext(1);
    const refused = await invite(newEmail());
    expect(refused.exitCode).toBe(0);
    expect(refused.lines.at(-2)).toMatch(
      /^The email could not be sent yet \(.*451.*\)\. Staffroom keeps trying; you can also give them this link yourself:$/,
    );

    // It accepts again: the next joiner's invitation arrives, addressed and with its link.
    const email = newEmail();
    const sent = await invite(email);
    expect(sent.exitCode).toBe(0);
    const { link } = linkOf(sent.lines, 'onboard');
    const message = await smtp.arrivedFor(email);
    expect(message.from).toBe('hr@example.com');
    expect(message.to).toEqual([email]);
    expect(headerOf(message.raw, 'Subject')).toMatch(/^Welcome to .*: a few details before you start$/);
    expect(bodyOf(message.raw)).toContain(link);
  });
});
