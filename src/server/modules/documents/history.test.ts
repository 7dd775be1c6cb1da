import { describe, expect, it } from 'vitest';
import { historyJson, historyLines, type DocumentHistoryEvent } from './history.js';

const events: DocumentHistoryEvent[] = [
  { event: 'issued', at: new Date('2026-01-15T09:30:00Z'), by: 'Morgan Hughes (morgan.hughes@example.com)' },
  {
    event: 'link_sent',
    at: null,
    deliveryId: '3f1c1f5e-1d7b-4a43-9d0e-6a4f0e4b9b11',
    with: 'onboarding invitation',
  },
  { event: 'first_opened', at: new Date('2026-07-01T22:45:10Z'), ip: '203.0.113.7', userAgent: 'Mobile Safari' },
  {
    event: 'signed',
    at: new Date('2026-07-01T23:05:00Z'),
    ip: '203.0.113.7',
    userAgent: '',
    sha256: 'ab'.repeat(32),
    hashedWhat: 'the PDF file shown',
  },
];

describe('a document history as the certificate prints it', () => {
  it('gives each time in UK local time (GMT in winter, BST in summer) with UTC beside it', () => {
    const lines = historyLines(events);
    expect(lines[0]!.heading).toBe('Issued: 15/01/2026 09:30:00 UK time (2026-01-15T09:30:00.000Z UTC)');
    // 23:45 in London is still 1 July; 00:05 is already the 2nd.
    expect(lines[2]!.heading).toBe('First opened: 01/07/2026 23:45:10 UK time (2026-07-01T22:45:10.000Z UTC)');
    expect(lines[3]!.heading).toBe('Signed: 02/07/2026 00:05:00 UK time (2026-07-01T23:05:00.000Z UTC)');
  });

  it('names who issued it, the delivery that carried the link, the address, browser and fingerprint', () => {
    const lines = historyLines(events);
    expect(lines[0]!.details).toEqual(['By Morgan Hughes (morgan.hughes@example.com)']);
    expect(lines[1]).toEqual({
      heading: 'Link sent: time no longer recorded',
      details: ['Delivery ID 3f1c1f5e-1d7b-4a43-9d0e-6a4f0e4b9b11, with the onboarding invitation'],
    });
    expect(lines[2]!.details).toEqual(['IP address 203.0.113.7', 'Browser Mobile Safari']);
    expect(lines[3]!.details).toEqual([
      'IP address 203.0.113.7',
      'Browser not sent',
      `SHA-256 of the PDF file shown: ${'ab'.repeat(32)}`,
    ]);
  });

  it('writes the same steps as JSON for the zip, with snake_case keys and ISO UTC times', () => {
    const json = historyJson(events);
    expect(json[1]).toEqual({
      event: 'link_sent',
      delivery_id: '3f1c1f5e-1d7b-4a43-9d0e-6a4f0e4b9b11',
      with: 'onboarding invitation',
      at: null,
      at_uk: null,
    });
    expect(json[2]).toMatchObject({ user_agent: 'Mobile Safari', at: '2026-07-01T22:45:10.000Z' });
  });
});
