// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import { retentionDueDates } from './index.js';

describe('retention due dates', () => {
  const periods = loadConfig({}).retention;
  // Last working day 30 June 2020: access ended at midnight BST that night.
  const leaver = { accessEndsAt: new Date('2020-06-30T23:00:00Z'), leavingDate: '2020-06-30' };

  it('count each period from the end of access on the UK calendar, payroll from the end of the tax year', () => {
    const due = retentionDueDates(leaver, periods);
    expect(Object.fromEntries(Object.entries(due).map(([kind, at]) => [kind, at.toISOString()]))).toEqual({
      selfie: '2020-06-30T23:00:00.000Z',
      'survey-answers': '2020-06-30T23:00:00.000Z',
      'right-to-work': '2022-06-30T23:00:00.000Z',
      // The tax year of leaving ended on 5 April 2021; three years on, the end of 5 April 2024 (BST).
      'payroll-records': '2024-04-05T23:00:00.000Z',
      vehicles: '2026-06-30T23:00:00.000Z',
      documents: '2026-06-30T23:00:00.000Z',
      'staff-record': '2026-06-30T23:00:00.000Z',
    });
  });

  it('keep the staff record as long as the longest period that counts from leaving', () => {
    const due = retentionDueDates(leaver, { ...periods, vehiclesYears: 9 });
    expect(due['staff-record'].toISOString()).toBe('2029-06-30T23:00:00.000Z');
    expect(due.documents.toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });
});
