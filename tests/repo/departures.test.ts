/**
 * docs/product.md#departures-from-the-specification lists every deliberate departure with its reason,
 * and names each one an end-to-end test shows (`departure('<id>')`, tests/e2e/departures.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = 'tests/e2e';

/** The rows of the departures table: id and its cells (what Staffroom does, the specification, why). */
function listedDepartures(): Map<string, string[]> {
  const product = fs.readFileSync('docs/product.md', 'utf8');
  const start = product.indexOf('\n## Departures from the specification\n');
  expect(start, 'docs/product.md has a Departures from the specification section').toBeGreaterThan(0);
  const end = product.indexOf('\n## ', start + 1);
  const section = product.slice(start, end === -1 ? undefined : end);
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z0-9-]+)` \|(.*)\|$/.exec(line);
    if (match)
      rows.set(
        match[1]!,
        match[2]!.split(' | ').map((cell) => cell.trim()),
      );
  }
  return rows;
}

/** Each departure id an e2e test names, with the files that name it. */
function departuresShownByE2e(): Map<string, string[]> {
  const shown = new Map<string, string[]>();
  for (const file of fs.readdirSync(E2E).filter((name) => name.endsWith('.ts') && name !== 'departures.ts')) {
    const text = fs.readFileSync(path.join(E2E, file), 'utf8');
    for (const [, id] of text.matchAll(/\bdeparture\('([^']*)'\)/g)) shown.set(id!, [...(shown.get(id!) ?? []), file]);
  }
  return shown;
}

describe('departures from the specification', () => {
  const listed = listedDepartures();

  it('gives each listed departure what Staffroom does, what the specification says and why', () => {
    expect(listed.size).toBeGreaterThan(0);
    for (const [id, cells] of listed) {
      expect(cells, `${id}: three cells after the id`).toHaveLength(3);
      for (const cell of cells) expect(cell.length, `${id}: no empty cell`).toBeGreaterThan(0);
    }
  });

  it('lists every departure an end-to-end test shows', () => {
    const shown = departuresShownByE2e();
    expect(shown.size, 'the e2e names the departures it shows').toBeGreaterThan(0);
    const missing = [...shown].filter(([id]) => !listed.has(id)).map(([id, files]) => `${id} (${files.join(', ')})`);
    expect(missing, 'named by the e2e but not in docs/product.md#departures-from-the-specification').toEqual([]);
  });
});
