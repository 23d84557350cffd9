import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiAs, createRole, createStaffUser, mobileFor, uniqueStamp } from './support/api';
import { signIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { expectSignedOut } from './support/sessions';
import { dialog } from './support/ui';

/*
 * Issue 29: a staff user's columns, saved views and row density, kept on the server. Each test signs in staff users
 * of its own (made through the API as givens), so that nothing here changes the lists other specs read.
 */

const USERS_LIST = '/user-management';
const PASSWORD = 'Saffron-Dhow-2026';

interface Colleague {
  name: string;
  email: string;
}

/** Staff users who may view and edit the Users list (so its rows have their actions), with the password PASSWORD. */
async function colleagues(page: Page, stamp: string, names: readonly string[]): Promise<Colleague[]> {
  await signIn(page);
  const api = await apiAs(page);
  const roleId = await createRole(api, `List viewers ${stamp}`, { Users: ['view', 'edit'] });
  const made: Colleague[] = [];
  for (const [index, first] of names.entries()) {
    const name = `${first} ${stamp}`;
    const email = `${first.toLowerCase().replace(/\W+/g, '.')}.${stamp}@example.com`;
    await createStaffUser(api, { fullName: name, email, phone: mobileFor(`${stamp}${index}`), password: PASSWORD, rolePermission: roleId });
    made.push({ name, email });
  }
  return made;
}

/** A browser of the colleague's own, signed in and showing the Users list at 1440 px. */
async function signedInBrowser(browser: Browser, baseURL: string | undefined, who: Colleague): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, { email: who.email, password: PASSWORD });
  await page.goto(USERS_LIST);
  await expect(usersTable(page)).toBeVisible();
  return page;
}

function usersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Staff users' });
}

function header(page: Page, name: string): Locator {
  return usersTable(page).getByRole('columnheader', { name, exact: true });
}

/** The column headings in the order shown. */
async function headings(page: Page): Promise<string[]> {
  return (await usersTable(page).getByRole('columnheader').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

/** The saved-views picker, showing the view the URL matches (or its placeholder). */
function viewPicker(page: Page): Locator {
  return page.locator('.saved-views__picker');
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'the page scrolls sideways').toBe(widths.client);
}

test.describe('list preferences', () => {
  test('a hidden column stays hidden after a reload and on another browser of the same user', async ({ page, browser, baseURL }) => {
    // Three browsers and four sign-ins.
    test.slow();
    const stamp = uniqueStamp();
    const [noura] = await colleagues(page, stamp, ['Noura Al Ketbi']);
    const first = await signedInBrowser(browser, baseURL, noura!);
    await expect(header(first, 'Phone')).toBeVisible();
    await expectNoSideScroll(first);
    const defaults = await headings(first);

    // The column chooser hides Phone and moves a column one place down, from the keyboard.
    let saved = 0;
    first.on('response', (response) => {
      if (response.url().endsWith('/api/me/lists/users/columns') && response.request().method() === 'PUT' && response.ok()) saved += 1;
    });
    await first.getByRole('button', { name: 'Columns' }).click();
    const chooser = first.getByRole('group', { name: 'Columns' });
    // The chooser lists every column, hidden ones too, in the order shown.
    const offered = (await chooser.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''))).map((label) => label.replace(/^Show /, ''));
    await chooser.getByRole('checkbox', { name: 'Show Phone' }).uncheck();
    await expect(header(first, 'Phone')).toHaveCount(0);
    // A column whose next is shown, so that the move shows in the table; neither of them the name, which is pinned at
    // the start (a fixed column stays at its edge whatever the order).
    const still = ['Phone', 'Full name'];
    const at = offered.findIndex((name, index) => !still.includes(name) && index + 1 < offered.length && !still.includes(offered[index + 1]!));
    expect(at, `a column to move among ${offered.join(' | ')}`).toBeGreaterThanOrEqual(0);
    const mover = offered[at]!;
    const order = [...offered];
    [order[at], order[at + 1]] = [order[at + 1]!, order[at]!];
    const chosen = [...order.filter((name) => name !== 'Phone'), ...defaults.filter((name) => !offered.includes(name))];
    await chooser.getByRole('button', { name: `Move ${mover} down` }).focus();
    await first.keyboard.press('Enter');
    await expect.poll(() => headings(first)).toEqual(chosen);
    // Both changes kept by the server, one after the other.
    await expect.poll(() => saved).toBe(2);
    await expectNoSideScroll(first);
    await first.keyboard.press('Escape');

    // A reload reads them back from the server.
    await first.reload();
    await expect(header(first, 'Full name')).toBeVisible();
    await expect.poll(() => headings(first)).toEqual(chosen);

    // Signing in on another browser ends the first session; the second shows the same columns.
    const second = await signedInBrowser(browser, baseURL, noura!);
    await expect(header(second, 'Full name')).toBeVisible();
    await expect.poll(() => headings(second)).toEqual(chosen);
    await first.reload();
    await expectSignedOut(first);

    // Reset brings the default back.
    await second.getByRole('button', { name: 'Columns' }).click();
    await second.getByRole('group', { name: 'Columns' }).getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => headings(second)).toEqual(defaults);
    await first.context().close();
    await second.context().close();
  });

  test('a view shared by one user opens for another', async ({ page, browser, baseURL }) => {
    test.slow();
    const stamp = uniqueStamp();
    const [hamad, latifa] = await colleagues(page, stamp, ['Hamad Al Falasi', 'Latifa Al Qasimi']);

    // Hamad searches for Latifa, sorts by email and saves it as a view shared with everyone.
    const own = await signedInBrowser(browser, baseURL, hamad!);
    await searchList(own, 'Search users', latifa!.name);
    await expect(rowOf(own, latifa!.email)).toBeVisible();
    await own.getByRole('button', { name: 'Save view…' }).click();
    const save = await dialog(own, 'Save view');
    await save.getByLabel('Name').fill(`Latifa's desk ${stamp}`);
    await save.getByRole('checkbox', { name: 'Share with everyone' }).check();
    await save.getByRole('button', { name: 'Save' }).click();
    await expect(toast(own, `The view 'Latifa's desk ${stamp}' was saved.`)).toBeVisible();
    await expect(viewPicker(own)).toContainText(`Latifa's desk ${stamp}`);

    // Latifa finds it among the shared views, marked with Hamad's name; picking it applies its search.
    const other = await signedInBrowser(browser, baseURL, latifa!);
    await expect(rowOf(other, hamad!.email)).toBeVisible();
    await other.getByRole('combobox', { name: 'Saved views' }).click();
    const option = other.getByRole('option', { name: new RegExp(`Latifa's desk ${stamp}`) });
    await expect(option).toContainText(`Shared by ${hamad!.name}`);
    await option.click();
    await expect(other).toHaveURL(new RegExp(`search=${encodeURIComponent(latifa!.name).replace(/%20/g, '\\+')}`));
    await expect(other.getByRole('searchbox', { name: 'Search users' })).toHaveValue(latifa!.name);
    await expect(rowOf(other, latifa!.email)).toBeVisible();
    await expect(rowOf(other, hamad!.email)).toHaveCount(0);
    await expect(viewPicker(other)).toContainText(`Latifa's desk ${stamp}`);

    // The link opens the same view: the URL is the truth.
    const link = other.url();
    await other.goto(USERS_LIST);
    await expect(rowOf(other, hamad!.email)).toBeVisible();
    await other.goto(link);
    await expect(rowOf(other, hamad!.email)).toHaveCount(0);
    await expect(viewPicker(other)).toContainText(`Latifa's desk ${stamp}`);
    // Only its owner may change it: Latifa has no rename or delete for it.
    await expect(other.getByRole('button', { name: `Delete the view Latifa's desk ${stamp}` })).toHaveCount(0);
    await own.context().close();
    await other.context().close();
  });

  test('the density switch changes the row height', async ({ page, browser, baseURL }) => {
    const stamp = uniqueStamp();
    const [salem] = await colleagues(page, stamp, ['Salem Al Nuaimi']);
    const own = await signedInBrowser(browser, baseURL, salem!);
    const row = rowOf(own, salem!.email);
    const height = async () => (await row.boundingBox())?.height ?? 0;
    await expect(row).toBeVisible();
    const comfortable = await height();

    const density = own.getByRole('radiogroup', { name: 'Row density' });
    await density.getByText('Compact', { exact: true }).click();
    await expect.poll(height).toBeLessThan(comfortable);
    const compact = await height();
    expect(compact).toBeGreaterThanOrEqual(30);
    expect(compact).toBeLessThanOrEqual(44);
    console.log(`row height: comfortable ${comfortable} px, compact ${compact} px`);

    // Kept on the server: a reload is compact still.
    await own.reload();
    await expect(row).toBeVisible();
    await expect.poll(height).toBe(compact);
    await density.getByText('Comfortable', { exact: true }).click();
    await expect.poll(height).toBe(comfortable);
    await own.context().close();
  });
});
