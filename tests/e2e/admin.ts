/**
 * HR's side in e2e: admin commands run as HR runs them (the CLI, handed to the running server over
 * its control channel), and the outbox the embedded mail default writes to.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { readOutbox, type OutboxEntry } from '@server/lib/mailer.js';

const run = promisify(execFile);
export const E2E_DATA_DIR = path.resolve('.tmp/e2e-data');

/** Runs `npm run admin -- ...args` against the e2e server; answers its output lines. @throws on a non-zero exit. */
export async function admin(...args: string[]): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('src/server/cli/index.ts'), ...args],
    {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
      timeout: 20_000,
    },
  );
  return stdout.trim().split('\n');
}

/** The newest message to `to` in the outbox. @throws when there is none. */
export async function lastMailTo(to: string): Promise<OutboxEntry> {
  const mail = (await readOutbox(E2E_DATA_DIR)).filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

/**
 * The six-digit sign-in code last mailed to `email`, found by the mail's subject (`subject`: the
 * member's language's, English by default), waited for up to 15 s. @throws when none has come by then.
 */
export async function emailedCode(email: string, subject = 'Your Staffroom sign-in code'): Promise<string> {
  // The code goes out through the delivery queue, so it reaches the outbox a moment after the request.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readOutbox(E2E_DATA_DIR)).filter((m) => m.to === email && m.subject === subject).at(-1);
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1]!;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link to this portal in a message's text. */
export function linkIn(mail: OutboxEntry): string {
  const match = /https?:\/\/\S+\/(onboard|contract|agreement)\/[A-Za-z0-9_-]{43}/.exec(mail.text);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[0];
}
