// lint-as: src/server/db/boundary-fixture.ts
// expect: import-x/no-restricted-paths [db-imports-no-module]
import { findStaffWithVenue } from '@server/modules/staff/index.js';

export const find = findStaffWithVenue;
