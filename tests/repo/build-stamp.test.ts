/**
 * `npm start`'s build step (scripts/build-stamp.mjs), run as npm runs it on a small package whose
 * build counts its runs and chatters as Vite does: it builds on a first start, skips the build when
 * nothing changed, builds again when a source file is newer than the last build, shows the build's
 * output only when the build fails, and a failed build is not taken for a current one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/build-stamp.mjs');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A package whose build is the real stamp steps round a stand-in that logs, counts, and fails on request. */
function makePackage() {
  const stamp = (step: string) => `node ${JSON.stringify(SCRIPT)} ${step}`;
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'stamp-test',
      private: true,
      scripts: { build: `${stamp('clear')} && node fake-build.mjs && ${stamp('write')}` },
    }),
  );
  fs.writeFileSync(
    path.join(root, 'fake-build.mjs'),
    [
      "import fs from 'node:fs';",
      'for (let i = 0; i < 50; i++) console.log(`dist/web/assets/chunk-${i}.js  1.00 kB`);',
      "if (fs.existsSync('src/broken')) { console.error('error TS2322: src/broken is broken'); process.exit(1); }",
      "fs.appendFileSync('builds.txt', 'built\\n');",
    ].join('\n'),
  );
  fs.mkdirSync(path.join(root, 'src', 'web'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'web', 'page.tsx'), 'export const page = 1;\n');
}

/** `npm start`'s first step in the package, as npm runs it. */
async function buildIfChanged(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, 'build-if-changed'], {
      cwd: root,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const builds = () =>
  fs.existsSync(path.join(root, 'builds.txt')) ? fs.readFileSync(path.join(root, 'builds.txt'), 'utf8').length / 6 : 0;

/** Makes `file` newer than the last build, as an editor saving it a minute after that build would. */
function saveAfterLastBuild(file: string) {
  const now = new Date();
  const minuteAgo = new Date(now.getTime() - 60_000);
  fs.utimesSync(path.join(root, 'dist', '.build-stamp'), minuteAgo, minuteAgo);
  fs.utimesSync(path.join(root, file), now, now);
}

describe('npm start builds only when something changed, quietly', () => {
  makePackage();

  it('builds on the first start, showing one line instead of the build output', async () => {
    const res = await buildIfChanged();
    expect(res.code).toBe(0);
    expect(builds()).toBe(1);
    expect(res.stdout).toMatch(/^Building Staffroom \(there is no finished build\)/);
    expect(res.stdout).toMatch(/^Built in \d+ s\.$/m);
    expect(res.stdout).not.toContain('chunk-');
    expect(res.stdout.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(fs.existsSync(path.join(root, 'dist', '.build-stamp'))).toBe(true);
  });

  it('skips the build when nothing changed', async () => {
    const res = await buildIfChanged();
    expect(res.code).toBe(0);
    expect(builds()).toBe(1);
    expect(res.stdout).toContain('The build is up to date');
  });

  it('builds again when a source file is newer than the last build, then skips again', async () => {
    saveAfterLastBuild('src/web/page.tsx');
    const res = await buildIfChanged();
    expect(res.code).toBe(0);
    expect(builds()).toBe(2);
    expect(res.stdout).toContain(`(${path.join('src', 'web', 'page.tsx')} changed)`);
    expect((await buildIfChanged()).stdout).toContain('The build is up to date');
    expect(builds()).toBe(2);
  });

  it('shows the whole output of a build that fails, and does not take it for a current build', async () => {
    fs.writeFileSync(path.join(root, 'src', 'broken'), '');
    saveAfterLastBuild('src/broken');
    const failed = await buildIfChanged();
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('error TS2322: src/broken is broken');
    expect(failed.stderr).toContain('chunk-49');
    expect(fs.existsSync(path.join(root, 'dist', '.build-stamp'))).toBe(false);

    fs.rmSync(path.join(root, 'src', 'broken'));
    const fixed = await buildIfChanged();
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('there is no finished build');
    expect(builds()).toBe(3);
  });
});

describe("the repository's own scripts", () => {
  it('start through the check and stamp every build, first and last', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('node scripts/build-stamp.mjs build-if-changed && npm run serve');
    expect(scripts.build).toMatch(
      /^node scripts\/build-stamp\.mjs clear && .* && node scripts\/build-stamp\.mjs write$/,
    );
  });
});
