import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth';
import { countdownSeconds, settled, storedToken } from './support/ui';

/*
 * Runs against the :8101 backend (project "short-timeouts"): the warning comes after 3 s without activity and
 * counts down 8 s; the server ends a session after 6 s without a request. Nothing here moves the mouse or types
 * while waiting, since that is activity. With a 3 s delay the warning may come back before any later click
 * lands, so tests end without signing out: the server ends those sessions after 6 s, and the next sign-in ends
 * one still alive ('End other session and continue').
 */

const WARNING_SECONDS = 8;
const INACTIVITY_MESSAGE = 'You were logged out due to inactivity.';

/** Signs in, then waits (idle) for the 'Session Timeout' warning. */
async function idleUntilWarning(page: Page) {
  await signIn(page);
  const signedInAt = Date.now();
  const warning = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(warning).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - signedInAt, 'the warning waits for the inactivity delay').toBeGreaterThanOrEqual(1_000);
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
    await expect.poll(() => countdownSeconds(warning), { timeout: 3_000 }).toBeLessThan(first);

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
    const before = await countdownSeconds(warning);
    await expect.poll(() => countdownSeconds(warning), { timeout: 3_000 }).toBeLessThan(before);

    await page.reload();
    const after = page.getByRole('dialog', { name: 'Session Timeout' });
    await expect(after).toBeVisible({ timeout: 3_000 });
    expect(await countdownSeconds(after), 'the countdown goes on rather than starting again').toBeLessThan(before);

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
    await expect(warning).toBeHidden({ timeout: (WARNING_SECONDS + 4) * 1_000 });
    await expectInactivityLogout(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
