import { expect, test } from '@playwright/test';
import { signIn, signOut } from './support/auth';
import { storedToken } from './support/ui';

test.describe('remember me', () => {
  test('when ticked, the token is kept in local storage and a new page stays signed in', async ({ context, page }) => {
    await signIn(page, { rememberMe: true });
    const token = await storedToken(page);
    expect(token.local).toBeTruthy();
    expect(token.cookie).toBeNull();

    const another = await context.newPage();
    await another.goto('/dashboard');
    await expect(another.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(another).toHaveURL(/\/dashboard$/);
    await another.close();

    await signOut(page);
    expect(await storedToken(page)).toEqual({ local: null, cookie: null });
  });

  test('when not ticked, the token is a cookie on path / and not in local storage', async ({
    browser,
    baseURL,
    context,
    page,
  }) => {
    await signIn(page, { rememberMe: false });
    const token = await storedToken(page);
    expect(token.local).toBeNull();
    expect(token.cookie).toBeTruthy();
    const cookie = (await context.cookies()).find((c) => c.name === 'token');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBe(false); // plain http here; Secure on https

    // The same browser session keeps it...
    const another = await context.newPage();
    await another.goto('/dashboard');
    await expect(another.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await another.close();

    // ...another browser does not have it.
    const stranger = await browser.newContext({ baseURL });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/dashboard');
    await expect(strangerPage).toHaveURL(/\/login$/);
    await stranger.close();

    await signOut(page);
    expect(await storedToken(page)).toEqual({ local: null, cookie: null });
  });
});
