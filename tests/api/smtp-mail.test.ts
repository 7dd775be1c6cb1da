/**
 * Mail through a real SMTP server (`smtp-server`, in a process of its own on a loopback port), as
 * production sends it with `SMTP_URL`: the joiner's invitation arrives with its link, and while the
 * server refuses (451), HR is told and given the link to pass on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { linkOf, newEmail } from './helpers/joiners.js';
import { createTestApp } from './helpers/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Starts the SMTP server process. */
async function startSmtpServer() {
  const child: ChildProcess = spawn(process.execPath, ['tests/support/smtp-server-process.mjs'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  const wakeAll = () => waiting.splice(0).forEach((wake) => wake());
  const acknowledged: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP server stopped (${code})`)));
    lines.on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) return resolve(Number(listening[1]));
      if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
      else received.push(JSON.parse(line) as Received);
      wakeAll();
    });
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((wake) => waiting.push(wake));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Makes the server refuse the next `count` messages; resolves once it has taken the order. */
    async refuseNext(count: number) {
      child.stdin!.write(`refuse ${count}\n`);
      await until(() => acknowledged.includes(`refuse ${count}`));
    },
    /** Resolves with the first message to `to` once the server has accepted it. */
    async arrivedFor(to: string) {
      await until(() => received.some((m) => m.to.includes(to)));
      return received.find((m) => m.to.includes(to))!;
    },
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  };
}

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
      runCommand({ services: t.app.services, name: 'invite', options: { forename: 'Mo', surname: 'Khan', email, venue: 'Salt & Ember, Chester', position: 'Chef', startDate: '2026-12-01' } });

    // The server is refusing: HR is told, and gets the link.
    await smtp.refuseNext(1);
    const refused = await invite(newEmail());
    expect(refused.exitCode).toBe(0);
    expect(refused.lines.at(-2)).toMatch(/^The email could not be sent \(.*451.*\)\. Give them this link yourself:$/);

    // It accepts again: the next joiner's invitation arrives, addressed and with its link.
    const email = newEmail();
    const sent = await invite(email);
    expect(sent.exitCode).toBe(0);
    const { link } = linkOf(sent.lines, 'onboard');
    const message = await smtp.arrivedFor(email);
    expect(message.from).toBe('hr@example.com');
    expect(message.to).toEqual([email]);
    expect(message.raw).toMatch(/^Subject: Welcome to .*: a few details before you start/m);
    expect(message.raw.replace(/=\r?\n/g, '')).toContain(link);
  });
});
