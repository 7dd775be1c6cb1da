/**
 * The demo module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { demoLinkLines, describeDemo, renewDemoLinks, seedDemo } from './seed-demo.js';
export type { DemoLinks } from './seed-demo.js';
