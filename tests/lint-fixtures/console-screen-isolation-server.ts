// lint-as: src/server/modules/console/templates/boundary-fixture.ts
// expect: import-x/no-restricted-paths [console-screen-isolation]
import { listConsoleDocuments } from '@server/modules/console/documents/documents.js';

export const list = listConsoleDocuments;
