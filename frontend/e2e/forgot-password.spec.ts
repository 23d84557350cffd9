import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, signIn, signOut, submitSignIn } from './support/auth';
import { lastMailNumber, waitForCode } from './support/mail';

const NEW_PASSWORD = 'Reset-Gavel-2026!';

/** Sets a password through the API (forgot-password, the mailed code, verify-otp, reset-password). */
async function resetPasswordThroughApi(request: APIRequestContext, email: string, password: string) {
  const mark = lastMailNumber();
  const forgot = await request.post('/api/forgot-password', { data: { email } });
  expect(forgot.status(), await forgot.text()).toBe(200);
  const otp = await waitForCode(email, mark);
  const verify = await request.post('/api/verify-otp', { data: { email, otp } });
  expect(verify.status(), await verify.text()).toBe(200);
  const { token } = (await verify.json()) as { token: string };
  const reset = await request.post('/api/reset-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { password, confirmPassword: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
}

test.describe('forgot password', () => {
  test('a code by email, then a new password, then sign in with it', async ({ page, request }) => {
    let changed = false;
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();

      const mark = lastMailNumber();
      await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
      await page.getByRole('button', { name: 'Send code' }).click();

      await expect(page).toHaveURL(/\/two-fa$/);
      await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('resetEmail'))).toBe(ADMIN.email);
      const resend = page.getByRole('button', { name: /^Resend code/ });
      await expect(resend).toBeDisabled();
      await expect(resend).toHaveText(/Resend code in 0:[0-5]\d/);

      const code = await waitForCode(ADMIN.email, mark);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();

      await expect(page).toHaveURL(/\/reset-password$/);
      await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset password' }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();
      changed = true;

      // The old password no longer works; the new one does.
      await submitSignIn(page, { email: ADMIN.email, password: ADMIN.password });
      await expect(page.getByText('Invalid email or password').first()).toBeVisible();
      await signIn(page, { email: ADMIN.email, password: NEW_PASSWORD });
      await signOut(page);
    } finally {
      // The other spec files sign in with the original password.
      if (changed) await resetPasswordThroughApi(request, ADMIN.email, ADMIN.password);
    }
  });
});
