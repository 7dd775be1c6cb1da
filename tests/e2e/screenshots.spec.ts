/**
 * Screenshots for the README and for looking at what we built: login, the provider's sign-in page
 * and the dashboard, at phone (390x844) and desktop (1280x800) size, into docs/screenshots/.
 */
import { DEMO, expect, signInThroughProvider, test } from './fixtures.js';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test(`screenshots at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/login-${size.name}.png` });

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Staffroom' })).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/provider-sign-in-${size.name}.png` });

    await signInThroughProvider(page, DEMO.sam);
    await expect(page.getByText('Useful Information')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `docs/screenshots/dashboard-${size.name}.png`, fullPage: size.name === 'phone' ? false : true });
  });
}
