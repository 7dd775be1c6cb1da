// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseErasureLines } from './erasure-commands.js';

const ID = '3f0c1a52-8d7e-4b7a-9c51-2a7d4e9b1f00';

describe('the lines erasures reapply reads', () => {
  it('takes the lines of erasures list and Staffroom’s own log lines, and passes over the rest', () => {
    const text = [
      JSON.stringify({ at: '2026-11-27T10:00:00.000Z', staff_id: ID, kind: 'selfie' }),
      // The server's log line of the same erasure request (pino: time in milliseconds).
      JSON.stringify({
        level: 30,
        time: Date.parse('2026-11-27T11:00:00Z'),
        reqId: 'r1',
        staff_id: ID,
        kinds: ['vehicles', 'history'],
        msg: 'erased on request',
      }),
      JSON.stringify({ level: 30, time: Date.parse('2026-11-27T11:00:01Z'), msg: 'request completed' }),
      JSON.stringify({ at: '2026-11-27T10:00:00.000Z', staff_id: ID, kind: 'not-a-kind' }),
      'plain text',
      '',
    ].join('\n');
    expect(parseErasureLines(text)).toEqual({
      entries: [
        { staff_id: ID, kind: 'selfie' },
        { staff_id: ID, kind: 'vehicles' },
        { staff_id: ID, kind: 'history' },
      ],
      other: 3,
    });
    // Only those at or after the time given.
    expect(parseErasureLines(text, new Date('2026-11-27T10:30:00Z')).entries.map((e) => e.kind)).toEqual([
      'vehicles',
      'history',
    ]);
  });
});
