// lint-as: src/shared/boundary-fixture.ts
// expect: @typescript-eslint/no-restricted-imports [shared-facts-zod-free]
import { z } from 'zod';

export const schema = z.string();
