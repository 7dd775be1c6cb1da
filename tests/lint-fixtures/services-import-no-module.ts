// lint-as: src/server/lib/boundary-fixture.ts
// expect: import-x/no-restricted-paths [services-import-no-module]
import type { CreateStaffInput } from '@server/modules/staff/index.js';

export type Input = CreateStaffInput;
