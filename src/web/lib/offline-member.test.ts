import { afterEach, describe, expect, it } from 'vitest';
import { signInAs } from '@web/testing/offline-card';
import { staffMember } from '@web/testing/staff-member';
import { clearOfflineData, clearOfflineDataOfOthers, OFFLINE_MEMBER_STORAGE_KEY } from './offline-discount-card';
import { keepOfflineMember, loadOfflineMember } from './offline-member';

afterEach(() => window.localStorage.clear());

/** A member with everything filled in that must never be kept on the phone. */
const member = staffMember({
  forename: 'Priya',
  show_audit: true,
  initial_training_complete: false,
  onboard_complete: false,
  email_address: 'priya.shah@example.com',
  mobile: '07700 900123',
  bank_account: '****5678',
  sort_code: '**-**-56',
  address_line1: '1 Mill Lane',
  qol_link: 'https://survey.example.com/qol?token=s3cret',
  selfie: { data: { id: 's1', uri: '/api/rest/file/content/s1?sig=abc' } },
});

describe('the member kept for the dashboard without signal', () => {
  it('keeps only what the dashboard draws, for the signed-in member', () => {
    signInAs('u1');
    keepOfflineMember(member);
    expect(loadOfflineMember()).toEqual({
      forename: 'Priya',
      show_audit: true,
      initial_training_complete: false,
      onboard_complete: false,
      qol_link: null,
    });
    const stored = window.localStorage.getItem(OFFLINE_MEMBER_STORAGE_KEY)!;
    for (const secret of ['Shah', 'priya.shah@', '07700', '5678', '-56', 'Mill Lane', 's3cret', 'sig=abc'])
      expect(stored).not.toContain(secret);
  });

  it('is kept for no one when nobody is signed in on the phone', () => {
    keepOfflineMember(member);
    expect(window.localStorage.getItem(OFFLINE_MEMBER_STORAGE_KEY)).toBeNull();
  });

  it('is not given to another member, and goes when anyone signs in', () => {
    signInAs('u1');
    keepOfflineMember(member);
    signInAs('u2');
    expect(loadOfflineMember()).toBeNull();
    clearOfflineDataOfOthers('u1');
    expect(window.localStorage.getItem(OFFLINE_MEMBER_STORAGE_KEY)).toBeNull();
  });

  it('is removed with the card at sign-out and when the session has ended', () => {
    signInAs('u1');
    keepOfflineMember(member);
    clearOfflineData();
    expect(loadOfflineMember()).toBeNull();
  });

  it('reads nothing from an entry it cannot understand', () => {
    signInAs('u1');
    window.localStorage.setItem(OFFLINE_MEMBER_STORAGE_KEY, '{not json');
    expect(loadOfflineMember()).toBeNull();
    window.localStorage.setItem(OFFLINE_MEMBER_STORAGE_KEY, JSON.stringify({ version: 2, owner: 'u1', member }));
    expect(loadOfflineMember()).toBeNull();
  });
});
