import { expect, test, type APIRequestContext } from '@playwright/test';
import { chooseOwnPassword, mobileFor, uniqueStamp } from './support/api';
import { ADMIN, chooseFromUserMenu, signIn, signOut, submitSignIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { dialog } from './support/ui';
import { totpCode } from './support/totp';

/*
 * Two-step sign-in: a staff user turns it on from the profile (QR code, a code of the app, recovery codes shown
 * once) and signs in again with the password and a code. The spec's authenticator is support/totp.ts.
 *
 * The staff user and their role are made through the API by the administrator (a session of its own, in the
 * request context, so the page is the staff user's alone); the administrator also moves the backend's clock.
 */

interface AdminApi {
  send<T = unknown>(method: 'POST' | 'PUT', path: string, data: unknown): Promise<T>;
}

async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  let login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (login.status() === 409) {
    login = await request.post('/api/auth/logout-session', { data: { email: ADMIN.email, password: ADMIN.password } });
  }
  expect(login.ok(), `admin login answered ${login.status()}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return {
    async send<T>(method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
      const response = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
      expect(response.ok(), `${method} /api${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

const MODULES = ['Members', 'Vehicles', 'Auctions', 'Calender', 'Payments', 'Roles', 'Users', 'Settings', 'Alerts'];

async function createStaff(admin: AdminApi, request: APIRequestContext): Promise<{ email: string; password: string; name: string }> {
  const stamp = uniqueStamp();
  const permissions = MODULES.map((module) => ({ module, add: false, view: module === 'Members', edit: false, delete: false, updateStatus: false }));
  const role = await admin.send<{ _id: string }>('POST', '/role/create', { name: `Two-step desk ${stamp}`, isActive: true, permissions });
  const staff = { email: `two.step.${stamp}@example.com`, password: 'Desk-Code-Keeper-2026', name: `Noor Two Step ${stamp}` };
  const given = `Given-${stamp}-Pw`;
  await admin.send('POST', '/users/create', {
    fullName: staff.name,
    email: staff.email,
    phone: mobileFor(stamp),
    password: given,
    rolePermission: role._id,
    userAccountStatus: 'Active',
  });
  await chooseOwnPassword(request, staff.email, given, staff.password); // the first sign-in (issue 23)
  return staff;
}

/** Moves the backend's clock by `offsetMs` from the real time (0 puts it back). */
async function moveClock(admin: AdminApi, offsetMs: number): Promise<void> {
  await admin.send('PUT', '/dev/clock', { now: new Date(Date.now() + offsetMs).toISOString() });
}

test.describe('two-step sign-in', () => {
  test('a staff user turns on two-step sign-in and signs in with a code', async ({ page, request }) => {
    const admin = await adminApi(request);
    const staff = await createStaff(admin, request);
    try {
      // Signed in with the password alone, the user opens their profile.
      await submitSignIn(page, staff);
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
      await chooseFromUserMenu(page, 'Profile');
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

      // Turn it on: the QR code (drawn in the browser) and the key for typing, then the app's current code.
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const secret = await page.getByLabel('Setup key').inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel('Authentication code').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();

      // The recovery codes, shown this once.
      const codes = page.getByRole('list', { name: 'Recovery codes' });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await expect(codes).toBeHidden();
      await expect(page.getByText('Recovery codes left')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
      await signOut(page);

      // A minute later (the clock moves; nobody waits), the password alone no longer opens the app.
      await moveClock(admin, 60_000);
      await submitSignIn(page, staff);
      await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
      await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();

      const right = totpCode(secret, Date.now() + 60_000);
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Authentication code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('The code is incorrect. Please try again.')).toBeVisible();

      await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 60_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await moveClock(admin, 0);
    }
  });

  test("an administrator turns off a staff user's two-step sign-in; they sign in with the password alone", async ({ page, request }) => {
    const admin = await adminApi(request);
    const staff = await createStaff(admin, request);

    // The staff user turns it on (through the API: the test above shows those screens), then loses their phone.
    const login = await request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.ok()).toBe(true);
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const setup = await request.post('/api/auth/two-step/setup', { headers });
    const { secret } = (await setup.json()) as { secret: string };
    const enabled = await request.post('/api/auth/two-step/enable', { headers, data: { code: totpCode(secret) } });
    expect(enabled.ok(), await enabled.text()).toBe(true);

    // The administrator finds them in the staff list, sees two-step on, and turns it off.
    await signIn(page);
    await page.goto('/user-management');
    await searchList(page, 'Search users', staff.email);
    const row = rowOf(page, staff.name);
    await expect(row).toContainText('On');
    await row.getByRole('button', { name: `Turn off two-step sign-in of ${staff.name}` }).click();
    const confirm = await dialog(page, 'Turn off two-step sign-in');
    await expect(confirm).toContainText(`${staff.name} will be signed out`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, `Two-step sign-in of ${staff.name} is off and 1 session ended.`)).toBeVisible();
    await expect(row).toContainText('Off');
    await expect(row.getByRole('button', { name: `Turn off two-step sign-in of ${staff.name}` })).toHaveCount(0);

    // Their old session is over, and the password alone opens the app again.
    expect((await request.get('/api/auth/me', { headers })).status()).toBe(401);
    await signOut(page);
    await submitSignIn(page, staff);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
