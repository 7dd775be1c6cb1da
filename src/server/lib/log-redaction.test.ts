import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides authorization codes and states in the query but keeps the keys', () => {
    expect(redactUrl('/login?code=abc123&state=xyz')).toBe('/login?code=[redacted]&state=[redacted]');
  });

  it('hides link tokens in paths', () => {
    const token = 'Qm9uZ29ib25nb2JvbmdvYm9uZ29ib25nb2JvbmdvYm9uZw';
    expect(redactUrl(`/api/staff/self-service-onboard/${token}/contract/text`)).toBe(
      '/api/staff/self-service-onboard/[redacted]/contract/text',
    );
  });

  it('hides a token whatever surrounds it in its segment, escaped or not', () => {
    const token = 'Qm9uZ29ib25nb2JvbmdvYm9uZ29ib25nb2JvbmdvYm9uZw';
    const escaped = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    for (const [sent, logged] of [
      [`/agreement/${token}.`, '/agreement/[redacted].'],
      [`/agreement/${token}%29`, '/agreement/[redacted])'],
      [`/contract/(${token})`, '/contract/([redacted])'],
      [`/onboard/${escaped}`, '/onboard/[redacted]'],
      [`/onboard/${token}%E0%A4%A`, '/onboard/[redacted]%E0%A4%A'],
    ]) {
      expect(redactUrl(sent!)).toBe(logged);
    }
  });

  it('leaves ordinary paths alone', () => {
    expect(redactUrl('/api/staff/self-service/me')).toBe('/api/staff/self-service/me');
  });
});
