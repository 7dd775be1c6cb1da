/**
 * Link tokens for joiners (docs/architecture.md#identity): 256-bit random, only their SHA-256 stored, expiring
 * after `LINK_TOKEN_DAYS`. An unknown and an expired link get the same answer, so a guess learns nothing.
 */
import dayjs from 'dayjs';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { hashToken, newToken } from '@server/lib/tokens.js';

export const LINK_NOT_VALID = 'This link has expired or is not valid. Ask your manager to send you a new one.';

export const linkNotValid = () => new AppError('NOT_FOUND', LINK_NOT_VALID);

/** A new link token, its stored hash and its expiry. */
export function newLinkToken(days: number, now = new Date()): { token: string; tokenHash: string; expiresAt: Date } {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + days * 24 * 60 * 60 * 1000) };
}

/** True when a stored expiry has passed (a missing expiry never passes). */
export const isExpired = (expiresAt: Date | null, now = new Date()): boolean => expiresAt !== null && expiresAt <= now;

/**
 * The closing lines of every email carrying a link: how long it works, and not to forward it, in the
 * reader's `language` (English when null).
 */
export const linkMailFooter = (expiresAt: Date, language: string | null = null): string[] => {
  const t = serverTranslator(language);
  return [t('mail.linkWorksUntil', { date: dayjs(expiresAt).format('DD/MM/YYYY') }), t('mail.doNotForward')];
};
