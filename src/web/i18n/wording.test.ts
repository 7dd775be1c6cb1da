import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { findWording } from './wording';

const ENGLISH = {
  'a.plain': compileMessage('Enter a number (1.5 or more)'),
  'a.date': compileMessage('must be on or after {date}'),
  'a.files': compileMessage('{n, plural, one {# file is} other {# files are}} too large'),
  'b.plain': compileMessage('Enter a number'),
};

describe('findWording', () => {
  it('finds the message a text is, its variable parts as values', () => {
    expect(findWording('must be on or after 01/09/2026', ENGLISH, 'a.')).toEqual({
      key: 'a.date',
      values: { date: '01/09/2026' },
    });
    expect(findWording('3 files are too large', ENGLISH, 'a.')).toEqual({ key: 'a.files', values: { n: 3 } });
    expect(findWording('1 file is too large', ENGLISH, 'a.')).toEqual({ key: 'a.files', values: { n: 1 } });
  });

  it('takes a message’s text literally and whole', () => {
    expect(findWording('Enter a number (1.5 or more)', ENGLISH, 'a.')?.key).toBe('a.plain');
    expect(findWording('Enter a number (125 or more)', ENGLISH, 'a.')).toBeUndefined();
    expect(findWording('must be on or after 01/09/2026.', ENGLISH, 'b.')).toBeUndefined();
  });

  it('looks only under the prefix', () => {
    expect(findWording('Enter a number', ENGLISH, 'a.')).toBeUndefined();
    expect(findWording('Enter a number', ENGLISH, 'b.')?.key).toBe('b.plain');
  });
});
