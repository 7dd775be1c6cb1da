/**
 * The demo module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { demoLinkLines, describeDemo, seedDemo } from './seed-demo.js';
export type { DemoSeed } from './seed-demo.js';
