// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reportUnopenedSeal, UNOPENED_SEAL_MESSAGE, WARNED_CAPACITY } from './unopened-seals.js';

describe('sealed values that do not open', () => {
  const capture = () => {
    const lines: { details: object; message: string }[] = [];
    return { lines, log: { error: (details: object, message: string) => lines.push({ details, message }) } };
  };

  it('warns once per field and row, naming both and nothing else', () => {
    const { lines, log } = capture();
    const rowId = randomUUID();
    reportUnopenedSeal({ log, field: 'staff.bank_account_sealed', rowId });
    reportUnopenedSeal({ log, field: 'staff.bank_account_sealed', rowId });
    reportUnopenedSeal({ log, field: 'staff.sort_code_sealed', rowId });
    expect(lines).toEqual([
      { details: { field: 'staff.bank_account_sealed', rowId }, message: UNOPENED_SEAL_MESSAGE },
      { details: { field: 'staff.sort_code_sealed', rowId }, message: UNOPENED_SEAL_MESSAGE },
    ]);
  });

  it('warns for a list of rows that all fail once per row, and not again on the next reading', () => {
    const { lines, log } = capture();
    const ids = Array.from({ length: 2_000 }, () => randomUUID());
    for (const rowId of ids) reportUnopenedSeal({ log, field: 'onboardings.answers_sealed', rowId });
    for (const rowId of ids) reportUnopenedSeal({ log, field: 'onboardings.answers_sealed', rowId });
    expect(lines).toHaveLength(ids.length);
    expect(WARNED_CAPACITY).toBeGreaterThanOrEqual(10_000);
  });
});
