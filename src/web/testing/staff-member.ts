/** A staff member (docs/product.md#my-details) for web unit tests; override what the test is about. */
import type { StaffMember } from '@shared/api/my-details.js';

export function staffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    forename: 'Priya',
    surname: 'Shah',
    known_as: null,
    email_address: 'priya.shah@example.com',
    mobile: null,
    nok_name: null,
    nok_phone: null,
    bank_account: null,
    sort_code: null,
    address_line1: null,
    address_line2: null,
    address_line3: null,
    address_county: null,
    address_postal_code: null,
    age: 24,
    show_audit: false,
    initial_training_complete: true,
    qol_link: null,
    onboard_complete: true,
    selfie: null,
    ...overrides,
  };
}
