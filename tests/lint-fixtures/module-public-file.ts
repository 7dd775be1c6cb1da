// lint-as: src/server/modules/vehicles/boundary-fixture.ts
// expect: import-x/no-restricted-paths [module-public-file]
import { vetUpload } from '@server/modules/files/service.js';

export const vet = vetUpload;
