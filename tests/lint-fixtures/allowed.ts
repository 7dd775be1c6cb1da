// lint-as: src/web/features/vehicles/lib/boundary-fixture.ts
// expect: nothing: what the rules allow
import type { StaffMember } from '@shared/api/my-details.js';
import { SELFIE_REQUIRED_MESSAGE } from '@shared/team-discount-messages.js';
import { formatDisplayDate } from '@web/lib/format-date';
import { insuranceState } from './insurance-state';

export const uses = [formatDisplayDate, insuranceState, SELFIE_REQUIRED_MESSAGE];
export type Member = StaffMember;
