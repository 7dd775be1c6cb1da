// lint-as: src/web/features/console/insurance/lib/boundary-fixture.ts
// expect: nothing: a console screen imports its own files and the console's shared folder
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { motText } from './insurance-text';

export const uses = [useConsoleMe, motText];
export type Pending = PendingInsurance;
