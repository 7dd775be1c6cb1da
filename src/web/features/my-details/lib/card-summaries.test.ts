import { describe, expect, it } from 'vitest';
import { translate as t } from '@web/i18n/i18n';
import { staffMember } from '@web/testing/staff-member';
import '../i18n';
import { bankingSummary, contactSummary, currentBankingNotes, personalSummary } from './card-summaries';
import { visibleDigits } from './masked-digits';

describe('card summaries', () => {
  it('shows email and mobile, or says what is missing', () => {
    expect(contactSummary(staffMember({ mobile: '07700 900123' }), t)).toEqual([
      'priya.shah@example.com',
      '07700 900123',
    ]);
    expect(contactSummary(staffMember(), t)).toEqual(['priya.shah@example.com', 'No mobile number yet']);
  });

  it('shows the masked account ending and sort code', () => {
    expect(bankingSummary(staffMember({ bank_account: '****5678', sort_code: '**-**-56' }), t)).toEqual([
      'Account ending 5678',
      'Sort code **-**-56',
    ]);
    expect(bankingSummary(staffMember(), t)).toEqual(['No bank details yet']);
  });

  it('shows the name, first address line and postcode', () => {
    const staff = staffMember({ known_as: 'Pri', address_line1: '1 High Street', address_postal_code: 'M1 1AA' });
    expect(personalSummary(staff, t)).toEqual(['Priya Shah (Pri)', '1 High Street, M1 1AA']);
    expect(personalSummary(staffMember(), t)).toEqual(['Priya Shah', 'No address yet']);
  });

  it('keeps the card and the notes to the last digits when the details come in full', () => {
    const full = staffMember({ bank_account: '12345678', sort_code: '12-34-56' });
    expect(bankingSummary(full, t)).toEqual(['Account ending 5678', 'Sort code **-**-56']);
    expect(currentBankingNotes(full, t)).toEqual({
      account: 'Current account ends in 5678',
      sortCode: 'Current sort code ends in 56',
    });
  });

  it('describes the bank details held now for the Banking modal', () => {
    expect(currentBankingNotes(staffMember({ bank_account: '****5678', sort_code: '**-**-56' }), t)).toEqual({
      account: 'Current account ends in 5678',
      sortCode: 'Current sort code ends in 56',
    });
    expect(currentBankingNotes(staffMember(), t)).toEqual({
      account: 'No account number saved yet',
      sortCode: 'No sort code saved yet',
    });
  });

  it('reads the visible digits of masked values', () => {
    expect(visibleDigits('****5678')).toBe('5678');
    expect(visibleDigits('**-**-56')).toBe('56');
    expect(visibleDigits(null)).toBe('');
  });
});
