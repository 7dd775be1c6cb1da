import { describe, expect, it } from 'vitest';
import { displayPhone, displayPhoneIfKnown, toE164 } from './phone-numbers.js';

describe('phone numbers', () => {
  it('stores what staff type in E.164 and refuses what cannot be a number', async () => {
    expect(await toE164('07700 900123')).toBe('+447700900123');
    expect(await toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(await toE164('12')).toBeUndefined();
  });

  it('shows UK numbers in national format and others in international format, every time it is asked', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await displayPhone('+447700900123')).toBe('07700 900123');
      expect(await displayPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    }
  });

  it('shows a stored value that does not parse as it was stored, and nothing as nothing', async () => {
    expect(await displayPhone('call the bar')).toBe('call the bar');
    expect(await displayPhone(null)).toBeNull();
    expect(await displayPhone('')).toBe('');
  });

  it('knows a number without formatting only once it has been shown, and nothing at once', async () => {
    expect(displayPhoneIfKnown('+447700900456')).toBeUndefined();
    expect(await displayPhone('+447700900456')).toBe('07700 900456');
    expect(displayPhoneIfKnown('+447700900456')).toBe('07700 900456');
    expect(displayPhoneIfKnown(null)).toBeNull();
    expect(displayPhoneIfKnown('')).toBe('');
  });
});
