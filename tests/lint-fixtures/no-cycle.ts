// lint-as: src/server/modules/vehicles/service.ts
// expect: import-x/no-cycle Dependency
// A module's own files never import its public face: index.ts re-exports them, so that is a cycle.
import { vehicleRoutes } from './index.js';

export const routes = vehicleRoutes;
