import { expect, test } from '@playwright/test';
import { signIn, signOut } from './support/auth';

test.describe('theme', () => {
  test('the theme chosen in the top bar is kept after a reload', async ({ page }) => {
    await signIn(page);
    const html = page.locator('html');
    const initial = await html.getAttribute('data-theme');
    expect(initial).toMatch(/^(dark|light)$/);

    for (const theme of initial === 'dark' ? ['light', 'dark'] : ['dark', 'light']) {
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await expect(html).toHaveAttribute('data-theme', theme);
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe(theme);

      await page.reload();
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
      await expect(html).toHaveAttribute('data-theme', theme);
    }

    await signOut(page);
  });
});
