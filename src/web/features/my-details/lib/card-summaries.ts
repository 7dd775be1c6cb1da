import type { StaffMember } from '@shared/api/my-details.js';
import type { Translate } from '@web/i18n/i18n';
import { lastDigits } from './masked-digits';

/** Lines shown on the Email & Contact card: the email address and the mobile. */
export function contactSummary(staff: StaffMember, t: Translate): string[] {
  return [staff.email_address || t('details.summary.noEmail'), staff.mobile || t('details.summary.noMobile')];
}

/**
 * Lines shown on the Banking card: the account's last 4 digits and the sort code's last 2, masked even
 * when the session may see them in full (the card sits on the page for anyone nearby to read).
 */
export function bankingSummary(staff: StaffMember, t: Translate): string[] {
  const account = lastDigits(staff.bank_account, 4);
  if (!staff.bank_account) return [t('details.summary.noBank')];
  const lines = [account ? t('details.summary.accountEnding', { digits: account }) : t('details.summary.accountSaved')];
  const sortCode = lastDigits(staff.sort_code, 2);
  if (sortCode) lines.push(t('details.summary.sortCode', { digits: sortCode }));
  return lines;
}

/** Lines shown on the Personal & Profile card: the name, the first address line and the postcode. */
export function personalSummary(staff: StaffMember, t: Translate): string[] {
  const name = staff.known_as
    ? `${staff.forename} ${staff.surname} (${staff.known_as})`
    : `${staff.forename} ${staff.surname}`;
  const address = [staff.address_line1, staff.address_postal_code].filter((part): part is string => Boolean(part));
  return [name, address.length > 0 ? address.join(', ') : t('details.summary.noAddress')];
}

/** The Banking modal's notes about what is held now, e.g. 'Current account ends in 5678'. */
export function currentBankingNotes(staff: StaffMember, t: Translate): { account: string; sortCode: string } {
  const account = lastDigits(staff.bank_account, 4);
  const sortCode = lastDigits(staff.sort_code, 2);
  return {
    account: account ? t('details.banking.currentAccount', { digits: account }) : t('details.banking.noAccount'),
    sortCode: sortCode ? t('details.banking.currentSortCode', { digits: sortCode }) : t('details.banking.noSortCode'),
  };
}
