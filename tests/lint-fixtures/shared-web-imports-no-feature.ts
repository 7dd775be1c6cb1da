// lint-as: src/web/components/ui/boundary-fixture.ts
// expect: import-x/no-restricted-paths [shared-web-imports-no-feature]
import { useMe } from '@web/features/auth/api/get-me';

export const me = useMe;
