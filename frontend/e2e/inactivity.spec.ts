import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth';
import { countdownSeconds, settled, storedToken } from './support/ui';

/*
 * Runs against the :8101 backend (project "short-timeouts"): the warning comes after 60 s without activity and
 * counts down 30 s (the server ends a session after 20 s without a request). The browser's clock is the test's
 * (Playwright's page.clock): it jumps over the waits instead of sleeping through them, so nothing here waits
 * for real time and the server's 20 s never run out during a test. Nothing moves the mouse or types while the
 * clock jumps, since that is activity. Tests end without signing out: the server ends those sessions after 20 s,
 * and the next sign-in ends one still alive ('End other session and continue').
 */

const INACTIVITY_MS = 60_000;
const WARNING_SECONDS = 30;
const INACTIVITY_MESSAGE = 'You were logged out due to inactivity.';

/** Signs in with the browser's clock under the test's control, then lets it run past the inactivity delay. */
async function idleUntilWarning(page: Page) {
  await page.clock.install();
  await signIn(page);
  const warning = page.getByRole('dialog', { name: 'Session Timeout' });
  await page.clock.fastForward(INACTIVITY_MS - 5_000);
  await expect(warning, 'no warning before the inactivity delay').toBeHidden();
  await page.clock.fastForward(5_000);
  await expect(warning).toBeVisible();
  await settled(warning);
  return warning;
}

async function expectInactivityLogout(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(INACTIVITY_MESSAGE)).toBeVisible();
  expect(await storedToken(page)).toEqual({ local: null, cookie: null });
}

test.describe('session timeout after inactivity', () => {
  test('the warning counts down and "Keep me logged in" closes it', async ({ page }) => {
    const warning = await idleUntilWarning(page);
    const first = await countdownSeconds(warning);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(WARNING_SECONDS);
    await page.clock.fastForward(3_000);
    await expect.poll(() => countdownSeconds(warning)).toBeLessThanOrEqual(first - 3);

    // Keeping the session calls the server (the keep-alive), so it is still valid afterwards.
    const keepAlive = page.waitForResponse((r) => r.url().endsWith('/api/auth/me') && r.status() === 200);
    await warning.getByRole('button', { name: 'Keep me logged in' }).click();
    await expect(warning).toBeHidden();
    await keepAlive;
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  });

  test('a reload during the countdown continues it', async ({ page }) => {
    const warning = await idleUntilWarning(page);
    await page.clock.fastForward(5_000);
    const before = await countdownSeconds(warning);
    expect(before).toBeLessThanOrEqual(WARNING_SECONDS - 5);

    await page.reload();
    const after = page.getByRole('dialog', { name: 'Session Timeout' });
    await expect(after).toBeVisible();
    expect(await countdownSeconds(after), 'the countdown goes on rather than starting again').toBeLessThanOrEqual(
      before,
    );

    await (await settled(after)).getByRole('button', { name: 'Keep me logged in' }).click();
    await expect(after).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('"Logout" in the warning signs out for inactivity', async ({ page }) => {
    const warning = await idleUntilWarning(page);
    await warning.getByRole('button', { name: 'Logout', exact: true }).click();
    await expectInactivityLogout(page);
  });

  test('when the countdown reaches zero the user is signed out for inactivity', async ({ page }) => {
    const warning = await idleUntilWarning(page);
    await page.clock.fastForward(WARNING_SECONDS * 1_000);
    await expect(warning).toBeHidden();
    await expectInactivityLogout(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
