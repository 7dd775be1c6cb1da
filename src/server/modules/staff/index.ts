/**
 * The staff module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export {
  ageOn,
  bankDetailsChange,
  createStaffMember,
  findStaffWithVenue,
  maskAccountNumber,
  maskSortCode,
  openNiNumber,
  readBankDetails,
  sealBankDetails,
  sealNiNumber,
  toStaffMember,
  withBankDetailsShown,
} from './service.js';
export type { CreateStaffInput } from './service.js';
