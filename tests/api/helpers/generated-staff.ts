/**
 * Generated members for tests that need many people (scripts/bench/generate-staff.sql, the scale
 * bench's own): numbered `first` to `last` (staff<n>@generated.example), four in five of them leavers.
 */
import fs from 'node:fs/promises';

/** Runs each statement of scripts/bench/generate-staff.sql for members `first` to `last`. */
export async function generateStaff(
  run: (statement: string) => Promise<unknown>,
  last: number,
  first = 1,
): Promise<void> {
  const text = (await fs.readFile('scripts/bench/generate-staff.sql', 'utf8'))
    .replace(/^--.*$/gm, '')
    .replaceAll(':first', String(first))
    .replaceAll(':last', String(last));
  for (const statement of text
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean))
    await run(statement);
}
