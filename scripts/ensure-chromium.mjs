#!/usr/bin/env node
/**
 * The e2e suite drives Debian's Chromium (docs/architecture.md#tests: never a downloaded browser). Installs it with
 * apt when missing and allowed (root), otherwise says how.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium is missing: installing Debian’s chromium package…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (existsSync(path)) process.exit(0);
}
console.log(`The e2e tests need Chromium at ${path}. Install it with: sudo apt-get install -y chromium`);
console.log('(or point CHROMIUM_PATH at a Chromium binary)');
process.exit(1);
