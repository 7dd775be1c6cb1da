/**
 * Test helpers for the joiner journey: admin commands run in-process against the test app's
 * services (the CLI's own code path after it has read its files), and the token out of a link.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';

/** Runs an admin command; fails the test unless it succeeds. Answers its output lines. */
export async function admin(app: FastifyInstance, name: string, options: Record<string, unknown>): Promise<string[]> {
  const result = await runCommand({ services: app.services, name, options });
  expect(result.error, `${name}: ${result.error}`).toBeUndefined();
  return result.lines;
}

/** Runs an admin command expected to fail; answers its error text and exit code. */
export async function adminFails(app: FastifyInstance, name: string, options: Record<string, unknown>) {
  const result = await runCommand({ services: app.services, name, options });
  expect(result.exitCode).not.toBe(0);
  return result;
}

/** A file option as the CLI passes it after reading the file. */
export async function fileOption(file: string) {
  return { filename: path.basename(file), base64: (await fs.readFile(file)).toString('base64') };
}
export const bytesOption = (filename: string, bytes: Uint8Array | string) => ({
  filename,
  base64: Buffer.from(bytes).toString('base64'),
});

/** The last line of a command's output must be the link; answers it and its token. */
export function linkOf(lines: string[], kind: 'onboard' | 'contract' | 'agreement'): { link: string; token: string } {
  const link = lines.at(-1)!;
  const match = new RegExp(`^http://localhost:3000/${kind}/([A-Za-z0-9_-]{43})$`).exec(link);
  expect(match, `last line should be a /${kind}/<token> link: ${link}`).not.toBeNull();
  return { link, token: match![1]! };
}

let counter = 0;
/** A new joiner's email address, unique within the run. */
export const newEmail = (prefix = 'joiner') => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;

/** Answers that pass the demo fieldset (templates/fieldsets/uk-hospitality-joiner.yaml). */
export const goodAnswers = (file: unknown) => ({
  date_of_birth: '1999-04-17',
  national_insurance_number: 'AB 12 34 56 C',
  mobile: '07911 123456',
  address_line1: '12 Briggate',
  address_postal_code: 'LS1 6HD',
  right_to_work_route: 'uk_passport',
  right_to_work_document: file,
  nok_name: 'Pat Morgan',
  nok_relationship: 'parent',
  nok_phone: '+44 113 496 0000',
  bank_account: '31926819',
  sort_code: '60-16-13',
  shirt_size: 'm',
  shoe_size: '9',
});
