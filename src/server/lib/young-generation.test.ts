import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** V8's new space (the young generation's semi-spaces), in bytes: at the hold, after a start's worth of lasting allocations, and after as much again once released. */
interface Sizes {
  atHold: number;
  held: number;
  released: number;
}

/**
 * Runs the hold in a process of its own (V8's flags are the process's), allocating about 40 MB that
 * lives on while held and as much after the release, like a server's start and then its work.
 */
function newSpaceSizes(nodeFlags: string[] = []): Sizes {
  const hold = pathToFileURL(path.resolve('src/server/lib/young-generation.ts')).href;
  const script = `
    import v8 from 'node:v8';
    import { holdYoungGeneration } from ${JSON.stringify(hold)};
    const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const kept = [];
    const allocate = () => { for (let i = 0; i < 500_000; i++) kept.push({ i, name: 'member ' + i }); };
    const hold = holdYoungGeneration();
    const atHold = newSpace();
    allocate();
    const held = newSpace();
    hold.release();
    allocate();
    console.log(JSON.stringify({ atHold, held, released: newSpace() }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    }),
  ) as Sizes;
}

describe('holding the young generation while the server starts', () => {
  it('keeps it at its size through lasting allocations, and lets it grow once released', () => {
    const sizes = newSpaceSizes();
    // Not grown (V8 may shrink it meanwhile).
    expect(sizes.held).toBeLessThanOrEqual(sizes.atHold);
    expect(sizes.released).toBeGreaterThan(sizes.held);
  });

  it("leaves an operator's own --semi-space-growth-factor alone", () => {
    const sizes = newSpaceSizes(['--semi_space_growth_factor=4']);
    expect(sizes.held).toBeGreaterThan(sizes.atHold);
  });
});
