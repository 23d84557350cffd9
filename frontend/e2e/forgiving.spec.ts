import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, mobileFor, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { confirmation } from './support/confirm';
import { pickOption, toast } from './support/lists';
import { openMemberList } from './support/members';
import { dialog } from './support/ui';

/*
 * Issue 10, the hurried person: a double click on Add creates one member, Enter in a date field does not submit
 * the dialog, Esc (or Back) on a half-filled Add member asks before anything is lost, and rejecting a member asks
 * for the reason, which the member's page then shows.
 */

/** A date this many years from today, as the date pickers show it (DD/MM/YYYY). */
function yearsFromNow(years: number): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() + years);
  return `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
}

/** Today in Dubai as the screens write dates (DD/MM/YYYY). */
function dubaiToday(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
}

/** How many pending members match `search` (their email, say), from the API. */
async function pendingMatching(api: Api, search: string): Promise<number> {
  const list = await api.send<{ totalMatching: number }>('POST', '/members/get', { status: 'pending', search, pageNo: 1, limit: 10 });
  return list.totalMatching;
}

/** Opens 'Add member' from Review. */
async function openAddMember(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add member' }).click();
  return dialog(page, 'Add member');
}

test.describe('forgiving a hurried person', () => {
  test('Add member: Enter in a date field does not submit; a double click on Add creates one member', async ({ page }) => {
    const stamp = uniqueStamp();
    const email = `hurried.${stamp}@example.com`;
    await signIn(page);
    const api = await apiAs(page);
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/members/create') creates += 1;
    });

    await openMemberList(page, 'Review', 'Review members');
    const add = await openAddMember(page);
    await add.getByLabel('First name').fill('Huda');
    await add.getByLabel('Last name').fill(`Hurried${stamp.slice(-6)}`);
    await add.getByLabel('Email', { exact: true }).fill(email);
    await add.getByLabel('Phone').fill(mobileFor(stamp));
    await add.getByLabel('Document number').fill(`784-1985-${stamp.slice(-7)}-2`);

    // The form is complete once the expiry is in: Enter there picks the date and leaves the dialog open.
    const expiry = add.getByLabel('Document expiry');
    await expiry.click();
    await expiry.pressSequentially(yearsFromNow(3));
    await expiry.press('Enter');
    await expect(expiry).toHaveValue(yearsFromNow(3));
    await expect(add).toBeVisible();

    // A double click on Add: one member, one success toast, and no 'already exists' refusal.
    await add.getByRole('button', { name: 'Add member' }).dblclick();
    await expect(toast(page, 'Member added')).toBeVisible();
    await expect(add).toBeHidden();
    await expect(toast(page, /already exists/)).toHaveCount(0);
    expect(await pendingMatching(api, email)).toBe(1);
    // Enter sent nothing and the double click one request.
    expect(creates).toBe(1);
  });

  test('Esc or Back on a half-filled Add member asks first; Keep editing keeps the input; an untouched one closes at once', async ({ page }) => {
    await signIn(page);
    await openMemberList(page, 'Review', 'Review members');

    const add = await openAddMember(page);
    const firstName = add.getByLabel('First name');
    await firstName.fill('Half typed');
    await firstName.press('Escape');
    let ask = await dialog(page, 'Discard changes?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(add).toBeVisible();
    await expect(firstName).toHaveValue('Half typed');

    // The browser's Back would leave the page: it asks too, and Keep editing stays here.
    await page.goBack();
    ask = await dialog(page, 'Discard changes?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/review-members$/);
    await expect(firstName).toHaveValue('Half typed');

    await firstName.press('Escape');
    ask = await dialog(page, 'Discard changes?');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(add).toBeHidden();

    // Untouched: Esc closes it without a question, and it opens empty.
    const again = await openAddMember(page);
    await expect(again.getByLabel('First name')).toHaveValue('');
    await again.getByLabel('First name').press('Escape');
    await expect(again).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);
  });

  test("rejecting a member asks for the reason, and the member's page shows it", async ({ page }) => {
    const stamp = uniqueStamp();
    await signIn(page);
    const api = await apiAs(page);
    const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const lastName = `Seller${stamp.slice(-6)}`;
    const created = await api.send<{ data: { _id: string } }>('POST', '/members/create', {
      firstName: 'Majid',
      lastName,
      email: `majid.${stamp}@example.com`,
      phone: mobileFor(stamp),
      memberIdentityNo: `784-1980-${stamp.slice(-7)}-1`,
      memberTypes: ['seller'],
      memberEntity: 'individual',
      sellerType: 'individual',
      memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
    });
    const name = `Majid ${lastName}`;

    await page.goto(`/members/${created.data._id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await pickOption(page, page.getByRole('combobox', { name: `Change status of ${name}` }), 'Rejected');

    // Nothing changes until the reason is given.
    const ask = await confirmation(page, `Reject ${name}?`);
    await ask.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(ask.getByText('Please give the reason.')).toBeVisible();
    await ask.getByLabel('Reason').fill('Trade licence expired');
    const before = dubaiToday();
    await ask.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(toast(page, /^1 member set to rejected\.$/i)).toBeVisible();
    await expect(ask).toBeHidden();

    const shown = new RegExp(`^Rejected on (${before}|${dubaiToday()}): Trade licence expired$`.replaceAll('/', '\\/'));
    await expect(page.getByText(shown)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(shown)).toBeVisible();
  });
});
