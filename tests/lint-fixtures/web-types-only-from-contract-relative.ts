// lint-as: src/web/boundary-fixture.ts
// expect: @typescript-eslint/no-restricted-imports [web-types-only-from-contract]
import { staffMemberSchema } from './../shared/api/my-details.js';
import { z } from 'zod/mini';

export const uses = [staffMemberSchema, z];
