import { expect, test } from '@playwright/test';
import { apiAs, createRole, createStaffUser, mobileFor, uniqueStamp } from './support/api';
import { signIn, submitSignIn } from './support/auth';
import { searchList, toast } from './support/lists';
import { sidebar } from './support/nav';
import { expectSignedOut, openSessionConsole, sessionRow } from './support/sessions';
import { dialog } from './support/ui';

test.describe('staff session console', () => {
  test("an administrator ends a colleague's session and that browser lands on the sign-in page", async ({ page, browser, baseURL }) => {
    const stamp = uniqueStamp();
    const name = `Omar Al Suwaidi ${stamp}`;
    const email = `omar.${stamp}@example.com`;
    const password = 'Falcon-Desert-2026';

    // Given: a colleague who may review members, signed in in a browser of their own.
    await signIn(page);
    const api = await apiAs(page);
    const roleId = await createRole(api, `Member reviewers ${stamp}`, { Members: ['view'] });
    await createStaffUser(api, { fullName: name, email, phone: mobileFor(stamp), password, rolePermission: roleId });
    const colleague = await browser.newContext({ baseURL });
    const other = await colleague.newPage();
    await submitSignIn(other, { email, password });
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(sidebar(other)).toBeVisible();

    // The console lists both sessions; the administrator's own is tagged and cannot be ended.
    await openSessionConsole(page);
    const own = sessionRow(page, 'admin@example.com');
    await expect(own).toContainText('This session');
    await expect(own.getByRole('button', { name: /^End session/ })).toHaveCount(0);
    await searchList(page, 'Search sessions', stamp);
    const row = sessionRow(page, name);
    await expect(row).toContainText(email);
    await expect(row).toContainText(`Member reviewers ${stamp}`);
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText(/Chrom/);
    await expect(row).not.toContainText('This session');

    // Ending it asks first, then says so, and the row leaves the list.
    await row.getByRole('button', { name: `End session of ${name}` }).click();
    const ask = await dialog(page, 'End this session?');
    await expect(ask).toContainText(`${name} (${email}) will be signed out`);
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, `${name}'s session has ended. They are signed out.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The colleague's next request answers 401: opening a list from the sidebar lands on the sign-in page.
    const menu = sidebar(other);
    await menu.getByRole('menuitem', { name: /\bMembers$/ }).click();
    await menu.getByRole('link', { name: 'Review', exact: true }).click();
    await expectSignedOut(other);
    await expect(other.getByRole('alert')).toHaveText(/^Your session was ended by an administrator at \d{2}:\d{2}\.$/);

    // The administrator is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Staff sessions', exact: true })).toBeVisible();
    await colleague.close();
  });
});
