import { expect, test } from '@playwright/test';
import { ADMIN, chooseFromUserMenu, signIn, signOut, submitSignIn } from './support/auth';
import { dialog, storedToken } from './support/ui';

test.describe('sign in and sign out', () => {
  test('a protected page without a session goes to the sign-in page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  });

  test('the root and unknown paths go to sign-in, or to the dashboard once signed in', async ({ page }) => {
    for (const path of ['/', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await signIn(page);
    for (const path of ['/', '/no-such-page', '/login', '/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    }
    await signOut(page);
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    await submitSignIn(page, { email: ADMIN.email, password: 'Not-The-Password-1' });
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toEqual({ local: null, cookie: null });
  });

  test('signs in to the shell, and signs out only after confirming', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('© 2025')).toBeVisible();
    await expect(page.getByText('Terms', { exact: true })).toBeVisible();
    await expect(page.getByText('Privacy', { exact: true })).toBeVisible();

    // Cancel keeps the session.
    await chooseFromUserMenu(page, 'Logout');
    const confirm = await dialog(page, 'Logout Confirmation!');
    await expect(confirm.getByText('Are you sure you want to logout?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

    // Confirm ends it: the token is gone and protected pages send to /login.
    await signOut(page);
    expect(await storedToken(page)).toEqual({ local: null, cookie: null });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the user menu opens the profile with the current session', async ({ page }) => {
    await signIn(page);
    await chooseFromUserMenu(page, 'Profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText(ADMIN.email).first()).toBeVisible();
    await expect(page.getByText('Current session')).toBeVisible();
    await expect(page.getByText('127.0.0.1').first()).toBeVisible();
    await signOut(page);
  });
});
