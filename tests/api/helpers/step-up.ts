/**
 * Two-factor step-up as the web does it: list methods, start a check, read the code from the outbox
 * (mail or text), verify. Used by tests of the changes that need a fresh second factor.
 */
import { expect } from 'vitest';
import { readOutbox } from '@server/lib/mailer.js';
import type { Browser } from './browser.js';
import fs from 'node:fs/promises';
import path from 'node:path';

export const PORTAL = 'http://localhost:3000';
const api = (p: string) => `${PORTAL}/api${p}`;

export async function myMethods(browser: Browser) {
  const res = await browser.get(api('/bouncer/tfa/my-methods?page=1&include=type'));
  expect(res.status).toBe(200);
  return res.json<{ data: { id: string; setup_complete: boolean; type: { id: number; name: string } }[] }>().data;
}

/** Starts a check with the first method of `typeId`; answers the challenge id. */
export async function initiate(
  browser: Browser,
  typeId: number,
): Promise<{ challenge: string; sentTo: string | null; methodId: string }> {
  const method = (await myMethods(browser)).find((m) => m.type.id === typeId && m.setup_complete);
  if (!method) throw new Error(`no usable method of type ${typeId}`);
  const res = await browser.post(api(`/bouncer/tfa-logged-in/initiate/${method.id}`));
  expect(res.status, res.body).toBe(200);
  const data = res.json<{ data: { code: string; sent_to: string | null } }>().data;
  return { challenge: data.code, sentTo: data.sent_to, methodId: method.id };
}

/** The newest emailed code to `email`. */
export async function lastEmailedCode(dataDir: string, email: string): Promise<string> {
  const mail = (await readOutbox(dataDir))
    .filter((m) => m.to === email && m.subject === 'Your Staffroom sign-in code')
    .at(-1);
  if (!mail) throw new Error(`no code mailed to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** The newest texted code to `phone`. */
export async function lastTextedCode(dataDir: string, phone: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('-sms.json')).sort();
  for (const name of names.reverse()) {
    const sms = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as { to: string; text: string };
    if (sms.to === phone) return /\b(\d{6})\b/.exec(sms.text)![1]!;
  }
  throw new Error(`no code texted to ${phone}`);
}

export const verify = (browser: Browser, challenge: string, code: string) =>
  browser.post(api(`/bouncer/tfa-logged-in/${challenge}/verify`), { code });

/** A full email step-up; fails the test unless it passes. */
export async function stepUpByEmail(browser: Browser, dataDir: string, email: string): Promise<void> {
  const { challenge } = await initiate(browser, 1);
  const res = await verify(browser, challenge, await lastEmailedCode(dataDir, email));
  expect(res.status, res.body).toBe(200);
}
