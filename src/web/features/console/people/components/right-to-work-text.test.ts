import { describe, expect, it } from 'vitest';
import { recordBodyOf } from './record-right-to-work-dialog';
import { permissionText } from './right-to-work-card';

const values = {
  kind: 'manual_document' as const,
  share_code: 'W2X 4Y7 Z9A',
  idsp_document: 'british_passport' as const,
  checked_on: '2026-11-27',
  time_limited: true,
  permission_expires_on: '2027-01-26',
  follow_up_on: '2027-01-12',
  file_ids: ['f1'],
};

describe('the right-to-work dialog and card', () => {
  it('sends only what the kind of check has', () => {
    expect(recordBodyOf(values)).toEqual({
      kind: 'manual_document',
      share_code: undefined,
      idsp_document: undefined,
      checked_on: '2026-11-27',
      permission_expires_on: '2027-01-26',
      follow_up_on: '2027-01-12',
      file_ids: ['f1'],
    });
    expect(recordBodyOf({ ...values, kind: 'home_office_online', time_limited: false })).toMatchObject({
      share_code: 'W2X 4Y7 Z9A',
      permission_expires_on: null,
      follow_up_on: null,
    });
    // A British or Irish passport has no time limit, whatever the switch said before the kind changed.
    expect(recordBodyOf({ ...values, kind: 'idsp' })).toMatchObject({
      idsp_document: 'british_passport',
      permission_expires_on: null,
      follow_up_on: null,
    });
  });

  it('says whether permission has a limit, runs or has expired, by the UK date', () => {
    expect(permissionText({ permission_expires_on: null, follow_up_on: null }, '2026-11-27')).toBe('No time limit');
    expect(permissionText({ permission_expires_on: '2027-01-26', follow_up_on: '2027-01-12' }, '2026-11-27')).toBe(
      'Expires 26/01/2027 · follow-up 12/01/2027',
    );
    expect(permissionText({ permission_expires_on: '2026-11-26', follow_up_on: '2026-11-01' }, '2026-11-27')).toBe(
      'Expired 26/11/2026',
    );
  });
});
