/**
 * Entry point (`node dist/server/main.js`). Holds V8's young generation at its first size before the
 * server's modules load and lets it grow once the server has started, so a just-started server does
 * not keep what its start would have grown it by (lib/young-generation.ts). The server itself is
 * `serve.ts`, imported afterwards for that reason: nothing else may be imported here
 * (tests/repo/start-up-imports.test.ts).
 */
import { holdYoungGeneration } from '@server/lib/young-generation.js';

/** A start that stalls after listening still lets the young generation grow, rather than serve with it held. */
const RELEASE_AT_THE_LATEST_MS = 30_000;

const youngGeneration = holdYoungGeneration();
setTimeout(() => youngGeneration.release(), RELEASE_AT_THE_LATEST_MS).unref();
const { serve } = await import('./serve.js');
await serve({ onStarted: () => youngGeneration.release() });
