/**
 * Entry point (`node dist/server/main.js`). Holds V8's young generation at its first size before the
 * server's modules load and lets it grow once the server has started, so a just-started server does
 * not keep the 25-30 MiB its start would have grown it by (lib/young-generation.ts). The server
 * itself is `serve.ts`, imported afterwards for that reason.
 */
import { holdYoungGeneration } from '@server/lib/young-generation.js';

const youngGeneration = holdYoungGeneration();
const { serve } = await import('./serve.js');
await serve({ onStarted: () => youngGeneration.release() });
