import { expect, test } from '@playwright/test';
import { signIn, signOut, submitSignIn } from './support/auth';
import { dialog } from './support/ui';

test.describe('one session per user', () => {
  test('a second browser sees the other session and may end it', async ({ browser, baseURL }) => {
    const first = await browser.newContext({ baseURL });
    const second = await browser.newContext({ baseURL });
    const a = await first.newPage();
    const b = await second.newPage();

    await signIn(a);

    // The second browser is told where the user is signed in already.
    await submitSignIn(b);
    const conflict = await dialog(b, 'Already signed in elsewhere');
    for (const label of ['Device', 'Operating system', 'Browser', 'IP address', 'Last active']) {
      await expect(conflict.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(conflict).toContainText('127.0.0.1');
    await expect(conflict).toContainText('Linux');
    await expect(conflict).toContainText(/Chrom/);

    // Cancel leaves both as they were.
    await conflict.getByRole('button', { name: 'Cancel' }).click();
    await expect(conflict).toBeHidden();
    await expect(b).toHaveURL(/\/login$/);
    await a.reload();
    await expect(a.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

    // Ending the other session signs the second browser in...
    await submitSignIn(b);
    const again = await dialog(b, 'Already signed in elsewhere');
    await again.getByRole('button', { name: 'End other session and continue' }).click();
    await expect(b).toHaveURL(/\/dashboard$/);
    await expect(b.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

    // ...and the first one's next navigation lands on /login.
    await a.goto('/profile');
    await expect(a).toHaveURL(/\/login$/);
    await expect(a.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await signOut(b);
    await first.close();
    await second.close();
  });
});
