// lint-as: src/web/lib/boundary-fixture.ts
// expect: @typescript-eslint/no-restricted-imports [web-types-only-from-contract]
import { staffMemberSchema } from '@shared/api/my-details.js';

export const schema = staffMemberSchema;
