// lint-as: src/server/modules/vehicles/boundary-fixture.ts
// expect: nothing: what the rules allow
import { findOwnedFile } from '@server/modules/files/index.js';
import { normaliseRegistration } from './service.js';

export const uses = [findOwnedFile, normaliseRegistration];
