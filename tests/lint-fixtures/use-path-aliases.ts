// lint-as: src/web/features/vehicles/lib/boundary-fixture.ts
// expect: @typescript-eslint/no-restricted-imports [use-path-aliases]
import { formatDisplayDate } from '../../../lib/format-date';

export const format = formatDisplayDate;
