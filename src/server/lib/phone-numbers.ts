/**
 * Phone numbers as UK staff type them (docs/product.md#my-details), through libphonenumber (loaded on
 * first use): any possible UK or international number is accepted, stored in E.164 (`+447700900123`),
 * and shown in national format for UK numbers (`07700 900123`), international otherwise. "Possible"
 * (the right length for the country) rather than "valid" (a range in use): Ofcom's drama numbers and new
 * ranges pass, and the text message gateway has the last word.
 */
import { LRUCache } from 'lru-cache';
import { loadPhoneNumbers } from './on-demand.js';

/** `value` as typed → E.164, or undefined when it is not a possible number. */
export async function toE164(value: string): Promise<string | undefined> {
  const number = (await loadPhoneNumbers()).parsePhoneNumberFromString(value, 'GB');
  return number?.isPossible() ? number.number : undefined;
}

/**
 * Stored numbers already formatted for reading, by their stored form. Formatting is a pure function
 * of the stored string but costs libphonenumber's pattern matching, which was a fifth of the CPU of
 * every signed-in `GET /me`; nothing here depends on who asks, so it outlives no session.
 */
const shown = new LRUCache<string, string>({ max: 10_000 });

/** A stored number as a member reads it; anything that does not parse (an old row) as stored. */
export async function displayPhone(stored: string | null): Promise<string | null> {
  if (!stored) return stored;
  const known = shown.get(stored);
  if (known !== undefined) return known;
  const display = await formatStored(stored);
  shown.set(stored, display);
  return display;
}

/**
 * `displayPhone(stored)` when it is known without formatting (no number, or one formatted before),
 * else undefined: lets the signed-in hot path skip a promise per number.
 */
export function displayPhoneIfKnown(stored: string | null): string | null | undefined {
  return stored ? shown.get(stored) : stored;
}

async function formatStored(stored: string): Promise<string> {
  const number = (await loadPhoneNumbers()).parsePhoneNumberFromString(stored, 'GB');
  if (!number?.isPossible()) return stored;
  // +44 covers the Crown Dependencies too (07911 is Jersey's): all are dialled the UK way.
  return number.countryCallingCode === '44' ? number.formatNational() : number.formatInternational();
}
