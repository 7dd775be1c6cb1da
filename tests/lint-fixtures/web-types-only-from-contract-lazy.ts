// lint-as: src/web/boundary-fixture.ts
// expect: no-restricted-syntax [web-types-only-from-contract]
export const load = () => import('@shared/api/my-details.js');
