// lint-as: src/web/features/console/insurance/lib/boundary-fixture.ts
// expect: import-x/no-restricted-paths [console-screen-isolation]
import { peopleParamsFromQuery } from '@web/features/console/people/lib/people-params';

export const params = peopleParamsFromQuery;
