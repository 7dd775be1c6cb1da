import type { StaffMember } from '@shared/api/my-details.js';
import { visibleDigits } from './masked-digits';

/** Lines shown on the Email & Contact card: the email address and the mobile. */
export function contactSummary(staff: StaffMember): string[] {
  return [staff.email_address || 'No email address yet', staff.mobile || 'No mobile number yet'];
}

/** Lines shown on the Banking card: the account ending and sort code as far as they are shown. */
export function bankingSummary(staff: StaffMember): string[] {
  const account = visibleDigits(staff.bank_account);
  if (!staff.bank_account) return ['No bank details yet'];
  const lines = [account ? `Account ending ${account}` : 'Account number saved'];
  if (staff.sort_code) lines.push(`Sort code ${staff.sort_code}`);
  return lines;
}

/** Lines shown on the Personal & Profile card: the name, the first address line and the postcode. */
export function personalSummary(staff: StaffMember): string[] {
  const name = staff.known_as ? `${staff.forename} ${staff.surname} (${staff.known_as})` : `${staff.forename} ${staff.surname}`;
  const address = [staff.address_line1, staff.address_postal_code].filter((part): part is string => Boolean(part));
  return [name, address.length > 0 ? address.join(', ') : 'No address yet'];
}

/** The Banking modal's notes about what is held now, e.g. 'Current account ends in 5678'. */
export function currentBankingNotes(staff: StaffMember): { account: string; sortCode: string } {
  const account = visibleDigits(staff.bank_account);
  const sortCode = visibleDigits(staff.sort_code);
  return {
    account: account ? `Current account ends in ${account}` : 'No account number saved yet',
    sortCode: sortCode ? `Current sort code ends in ${sortCode}` : 'No sort code saved yet',
  };
}
