/**
 * A joiner's date fields as a person uses them. Until the page is first used a field is a stand-in
 * (a text box, DateFieldOnUse); the picker, a group of Day, Month and Year sections, replaces it.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** Taps the date field `name`, waits for the cursor in its Day section, and types `digits` (DDMMYYYY). */
export async function typeDate(page: Page, name: RegExp, digits: string): Promise<void> {
  await page.getByRole('textbox', { name }).or(page.getByRole('group', { name })).click();
  await expect(page.getByRole('group', { name }).getByRole('spinbutton', { name: 'Day' })).toBeFocused();
  await page.keyboard.type(digits);
}

/** Expects the date field `name` to show `shown` (DD/MM/YYYY), stand-in or picker. */
export async function expectDate(page: Page, name: RegExp, shown: string): Promise<void> {
  await expect(page.getByRole('textbox', { name }).or(page.getByRole('group', { name }).locator('input'))).toHaveValue(
    shown,
  );
}
