/**
 * The console (HR and venue-manager) module's public face: the only file other modules, the app and
 * the CLI import (docs/architecture.md#one-way-imports).
 */
export { consoleRoutes } from './routes.js';
export { setConsoleRole } from './people/roles.js';
export { cancelLeaving, recordLeaving, rehireLeaver } from './people/leaving.js';
export { createVenue, listVenues } from './setup/venues.js';
export { importStaff } from './staff-import/staff-import.js';
