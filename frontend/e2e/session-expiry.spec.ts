import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

/* Runs against the :8101 backend (project "short-timeouts"), which ends a session after 20 s without a request:
 * long enough for a loaded machine to start a second browser and load the app while the session is fresh. */

const SERVER_IDLE_MS = 20_000;

test.describe('session expiry', () => {
  test('a session left idle longer than the server allows is sent to /login', async ({ browser, baseURL }) => {
    test.setTimeout(90_000); // it waits out the server's 20 s for real: sessions never follow a movable clock
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, { rememberMe: true });
    const state = await context.storageState();
    const saved = state.origins.flatMap((origin) => origin.localStorage);
    expect(saved.find((item) => item.name === 'token')?.value).toBeTruthy();
    await context.close();

    // The saved state signs a new browser in while the session is fresh...
    const soon = await browser.newContext({ baseURL, storageState: state });
    const soonPage = await soon.newPage();
    await soonPage.goto('/dashboard');
    await expect(soonPage.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await soon.close();

    // ...but not once the server has ended it for being idle.
    await new Promise((resolve) => setTimeout(resolve, SERVER_IDLE_MS + 1_500));
    const later = await browser.newContext({ baseURL, storageState: state });
    const laterPage = await later.newPage();
    await laterPage.goto('/dashboard');
    await expect(laterPage).toHaveURL(/\/login$/);
    await expect(laterPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await laterPage.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await later.close();
  });
});
