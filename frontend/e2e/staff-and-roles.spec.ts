import { expect, test } from '@playwright/test';
import { mobileFor, uniqueStamp } from './support/api';
import { signIn, signOut, submitSignIn } from './support/auth';
import { confirmChange } from './support/confirm';
import { pickOption, rowOf, searchList, selectRows, toast } from './support/lists';
import { openFromSidebar, sidebar } from './support/nav';
import { dialog } from './support/ui';

/*
 * Issue 3: a role allowing only Members view, a staff user holding it, what that user sees in a second browser,
 * suspension ending their session, and the role that cannot be deleted while the user holds it. Issue 23: the
 * grid says what each box allows, the staff form asks none of a member's fields, and the new user chooses their
 * own password at the first sign-in before anything else.
 */

const PASSWORD = 'Falcon-Desert-2026';
/** The password the new colleague chooses at the first sign-in: the administrator never knows it. */
const OWN_PASSWORD = 'Oasis-Lantern-2027';

test.describe('staff users and roles', () => {
  test('a Members-view role: its user sees only that, is signed out when suspended; the role stays while held', async ({
    browser,
    baseURL,
    page,
  }) => {
    // A long scenario (two browsers, three screens): give it room on a busy machine.
    test.setTimeout(120_000);
    const stamp = uniqueStamp();
    const roleName = `Members viewer ${stamp}`;
    const staff = {
      fullName: `Mariam Al Suwaidi ${stamp}`,
      email: `mariam.${stamp}@example.com`,
      phone: mobileFor(stamp),
    };

    await signIn(page);

    // The admin creates a role that allows viewing members and nothing else.
    await openFromSidebar(page, 'Roles');
    await page.getByRole('button', { name: 'Add role' }).click();
    const addRole = await dialog(page, 'Add role');
    await addRole.getByLabel('Role name').fill(roleName);
    const viewMembers = addRole.getByRole('checkbox', { name: 'Members: View', exact: true });
    await viewMembers.check();
    await viewMembers.hover();
    await expect(page.getByRole('tooltip')).toContainText('Members · View: see members');
    // Calendar allows only View: its other boxes are not offered
    await expect(addRole.getByRole('checkbox', { name: 'Calendar: Edit', exact: true })).toHaveCount(0);
    await expect(addRole.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await addRole.getByRole('button', { name: 'Add role' }).click();
    await expect(toast(page, 'Role added')).toBeVisible();
    await expect(addRole).toBeHidden();
    await searchList(page, 'Search roles', roleName);
    await expect(rowOf(page, roleName)).toHaveCount(1);
    await expect(rowOf(page, roleName).getByRole('cell', { name: '0', exact: true })).toBeVisible();

    // ...and a staff user holding it; the second tab shows what the role allows, read-only.
    await openFromSidebar(page, 'Users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const addUser = await dialog(page, 'Add user');
    await addUser.getByLabel('Full name').fill(staff.fullName);
    await addUser.getByLabel('Email').fill(staff.email);
    await addUser.getByLabel('Phone').fill(staff.phone);
    await addUser.getByLabel('Initial password').fill(PASSWORD);
    for (const memberOnly of ['Date of birth', 'Gender', 'Passport number', 'NIC number']) {
      await expect(addUser.getByLabel(memberOnly)).toHaveCount(0);
    }
    await addUser.getByLabel('Emirates ID').fill('784-1990-1234567-6');
    await addUser.getByRole('tab', { name: 'Roles & Permissions' }).click();
    await pickOption(page, addUser.getByRole('combobox', { name: 'Role' }), roleName);
    await expect(addUser.getByRole('img', { name: 'Members: View allowed' })).toBeVisible();
    for (const denied of ['Members: Add', 'Members: Edit', 'Users: View', 'Roles: View', 'Settings: View']) {
      await expect(addUser.getByRole('img', { name: `${denied} not allowed` })).toBeVisible();
    }
    await expect(addUser.getByRole('checkbox')).toHaveCount(0);
    await addUser.getByRole('button', { name: 'Add user' }).click();
    await expect(toast(page, 'User added')).toBeVisible();
    await expect(addUser).toBeHidden();

    await searchList(page, 'Search users', staff.fullName);
    const userRow = rowOf(page, staff.fullName);
    await expect(userRow).toHaveCount(1);
    await expect(userRow).toContainText(staff.email);
    await expect(userRow).toContainText(roleName);
    await expect(userRow).toContainText('Active');

    // The user signs in in a second browser with the password the administrator gave, and must choose their own
    // before anything else; then sees only what the role allows.
    const other = await browser.newContext({ baseURL });
    try {
      const userPage = await other.newPage();
      await submitSignIn(userPage, { email: staff.email, password: PASSWORD });
      await expect(userPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await expect(sidebar(userPage)).toHaveCount(0);
      await userPage.getByLabel('Current password').fill(PASSWORD);
      await userPage.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
      await userPage.getByLabel('Confirm new password').fill(OWN_PASSWORD);
      await userPage.getByRole('button', { name: 'Save my password' }).click();
      await expect(userPage.getByRole('heading', { name: `Welcome, ${staff.fullName}` })).toBeVisible();
      const menu = sidebar(userPage);
      await expect(menu.getByRole('link')).toHaveText(['Dashboard']);
      await expect(menu.getByRole('menuitem', { name: /Settings/ })).toHaveCount(0);

      for (const path of ['/user-management', '/roles']) {
        await userPage.goto(path);
        await expect(userPage).toHaveURL(new RegExp(`${path}$`));
        await expect(userPage.getByRole('heading', { name: 'No access' })).toBeVisible();
        await expect(userPage.getByText('You do not have access to this page.')).toBeVisible();
        await expect(userPage.getByRole('button', { name: /^Add / })).toHaveCount(0);
        await expect(userPage.getByRole('table')).toHaveCount(0);
      }
      await userPage.getByRole('button', { name: 'Back to dashboard' }).click();
      await expect(userPage).toHaveURL(/\/dashboard$/);
      await expect(userPage.getByRole('heading', { name: `Welcome, ${staff.fullName}` })).toBeVisible();

      // The admin suspends the user...
      const bulk = await selectRows(page, [staff.fullName]);
      await pickOption(page, bulk.getByRole('combobox', { name: 'Change status of selected users' }), 'Suspended');
      await confirmChange(page, 'Suspend 1 user?', 'Suspend');
      await expect(toast(page, '1 staff user set to suspended.')).toBeVisible();
      await expect(userRow).toContainText('Suspended');
      await expect(bulk).toBeHidden();

      // ...and the user's next navigation lands on /login; signing in again is refused.
      await userPage.goto('/profile');
      await expect(userPage).toHaveURL(/\/login$/);
      await expect(userPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await submitSignIn(userPage, { email: staff.email, password: OWN_PASSWORD });
      const refused = userPage.getByText('Your account is suspended. Please contact your administrator.');
      await expect(refused.first()).toBeVisible();
      await expect(userPage).toHaveURL(/\/login$/);
    } finally {
      await other.close();
    }

    // The role cannot be deleted while the (suspended) user still holds it.
    await openFromSidebar(page, 'Roles');
    await searchList(page, 'Search roles', roleName);
    const roleRow = rowOf(page, roleName);
    await expect(roleRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    const roleBulk = await selectRows(page, [roleName]);
    await roleBulk.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = await dialog(page, 'Delete roles');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      toast(
        page,
        `Roles still held by staff users cannot be deleted: "${roleName}" is held by 1 user. Move those users first.`,
      ),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Roles', exact: true })).toBeVisible();
    await expect(rowOf(page, roleName)).toHaveCount(1);
    await expect(rowOf(page, roleName).getByRole('switch', { name: `${roleName} active` })).toBeChecked();

    await signOut(page);
  });
});
