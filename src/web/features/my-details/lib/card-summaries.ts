import type { StaffMember } from '@shared/api/my-details.js';
import { lastDigits } from './masked-digits';

/** Lines shown on the Email & Contact card: the email address and the mobile. */
export function contactSummary(staff: StaffMember): string[] {
  return [staff.email_address || 'No email address yet', staff.mobile || 'No mobile number yet'];
}

/**
 * Lines shown on the Banking card: the account's last 4 digits and the sort code's last 2, masked even
 * when the session may see them in full (the card sits on the page for anyone nearby to read).
 */
export function bankingSummary(staff: StaffMember): string[] {
  const account = lastDigits(staff.bank_account, 4);
  if (!staff.bank_account) return ['No bank details yet'];
  const lines = [account ? `Account ending ${account}` : 'Account number saved'];
  const sortCode = lastDigits(staff.sort_code, 2);
  if (sortCode) lines.push(`Sort code **-**-${sortCode}`);
  return lines;
}

/** Lines shown on the Personal & Profile card: the name, the first address line and the postcode. */
export function personalSummary(staff: StaffMember): string[] {
  const name = staff.known_as
    ? `${staff.forename} ${staff.surname} (${staff.known_as})`
    : `${staff.forename} ${staff.surname}`;
  const address = [staff.address_line1, staff.address_postal_code].filter((part): part is string => Boolean(part));
  return [name, address.length > 0 ? address.join(', ') : 'No address yet'];
}

/** The Banking modal's notes about what is held now, e.g. 'Current account ends in 5678'. */
export function currentBankingNotes(staff: StaffMember): { account: string; sortCode: string } {
  const account = lastDigits(staff.bank_account, 4);
  const sortCode = lastDigits(staff.sort_code, 2);
  return {
    account: account ? `Current account ends in ${account}` : 'No account number saved yet',
    sortCode: sortCode ? `Current sort code ends in ${sortCode}` : 'No sort code saved yet',
  };
}
