// lint-as: src/server/lib/boundary-fixture.ts
// expect: import-x/no-restricted-paths [server-not-web]
import { formatDisplayDate } from '@web/lib/format-date';

export const format = formatDisplayDate;
