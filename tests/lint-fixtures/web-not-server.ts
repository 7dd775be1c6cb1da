// lint-as: src/web/lib/boundary-fixture.ts
// expect: import-x/no-restricted-paths [web-not-server]
import type { AppConfig } from '@server/config.js';

export type Config = AppConfig;
