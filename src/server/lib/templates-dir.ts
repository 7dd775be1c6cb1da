/**
 * The repository's `templates/` folder (built-in contract template, demo fieldset and agreements).
 * This file sits three folders below the root both as source (src/server/lib) and built (dist/server/lib).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates');
