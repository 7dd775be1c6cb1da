// lint-as: src/shared/api/boundary-fixture.ts
// expect: import-x/no-restricted-paths [shared-imports-nothing]
import { loadConfig } from '@server/config.js';

export const config = loadConfig;
