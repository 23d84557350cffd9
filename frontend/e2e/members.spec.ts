import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { mobileFor, uniqueStamp } from './support/api';
import { signIn } from './support/auth';
import { expectSummary, pickOption, rowOf, searchList, summaryCounts, toast } from './support/lists';
import { confirmChange } from './support/confirm';
import { changeRowStatus, DOCUMENT_PNG, openMemberList, seeAndCloseToast, typeDate } from './support/members';
import { dialog } from './support/ui';

/*
 * Issue 5: an organization joins with a document, is found in Review by its trade licence number, approved,
 * deactivated and activated again; the list exports as CSV; a second member with the same email is refused at
 * the Email field.
 */

const COUNTS = ['Pending', 'Approved', 'Deactivated'] as const;

/** A date this many years from today, as the date pickers show it (DD/MM/YYYY). */
function yearsFromNow(years: number): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() + years);
  return `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
}

interface Organization {
  company: string;
  licence: string;
  email: string;
  phone: string;
}

/** Fills the 'Add member' dialog for an organization that sells and buys, with its identity document. */
async function fillOrganization(page: Page, member: Organization) {
  const add = await dialog(page, 'Add member');
  // Ant Design's button-style radio hides its input: choose it by its visible label, as a person does.
  await add.getByText('Organization', { exact: true }).click();
  await expect(add.getByRole('radio', { name: 'Organization' })).toBeChecked();
  await add.getByLabel('Company name').fill(member.company);
  await add.getByLabel('Contact first name').fill('Rashid');
  await add.getByLabel('Contact last name').fill('Khan');
  await add.getByLabel('Email', { exact: true }).fill(member.email);
  await add.getByLabel('Phone').fill(member.phone);
  await add.getByRole('checkbox', { name: 'Seller' }).check();
  await pickOption(page, add.getByRole('combobox', { name: 'Seller type' }), 'Dealer');
  await add.getByLabel('Nationality').fill('Emirati');
  await add.getByLabel('Trade licence number').fill(member.licence);
  await typeDate(add.getByLabel('Trade licence expiry'), yearsFromNow(2));
  await pickOption(page, add.getByRole('combobox', { name: 'Emirate' }), 'Dubai');
  await add.getByLabel('City').fill('Al Aweer');
  await pickOption(page, add.getByRole('combobox', { name: 'Identity document' }), 'Passport');
  await add.getByLabel('Document number').fill(`P${member.licence.slice(-8)}`);
  await typeDate(add.getByLabel('Document expiry'), yearsFromNow(3));
  return add;
}

test.describe('members', () => {
  test('an organization from registration to approval, deactivation and back; export; duplicate email', async ({ page }) => {
    // Five screens and a dozen server round trips: give it room on a busy machine.
    test.setTimeout(150_000);
    const stamp = uniqueStamp();
    const member: Organization = {
      company: `Desert Motors ${stamp} LLC`,
      licence: `DED-${stamp}`,
      email: `fleet.${stamp}@example.com`,
      phone: mobileFor(stamp),
    };

    await signIn(page);
    await openMemberList(page, 'Review', 'Review members');
    const before = await summaryCounts(page, COUNTS);

    // Staff add the organization with the front of its identity document.
    await page.getByRole('button', { name: 'Add member' }).click();
    const add = await fillOrganization(page, member);
    await add.getByLabel('Document front image').setInputFiles(DOCUMENT_PNG);
    await expect(add.getByRole('img', { name: 'Document front image preview' })).toBeVisible();
    await add.getByRole('button', { name: 'Add member' }).click();
    await expect(toast(page, 'Member added')).toBeVisible();
    await expect(add).toBeHidden();
    await expectSummary(page, { Pending: before.Pending + 1 });

    // Found in Review by a profile value: the trade licence number.
    await searchList(page, 'Search members', member.licence.toLowerCase());
    const row = rowOf(page, member.company);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Rashid Khan');
    await expect(row).toContainText('Both');
    await expect(row).toContainText('Pending');

    // Its detail page keeps the profile and the uploaded document.
    await row.getByRole('link', { name: 'Rashid Khan' }).click();
    await expect(page.getByRole('heading', { name: member.company })).toBeVisible();
    const info = page.getByRole('form', { name: 'Member Information' });
    await expect(info.getByLabel('Trade licence number')).toHaveValue(member.licence);
    await expect(info.getByLabel('Email', { exact: true })).toHaveValue(member.email);
    await expect(info.getByRole('img', { name: 'Document front image preview' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to review members' }).click();
    await expect(page.getByRole('heading', { name: 'Review members', exact: true })).toBeVisible();
    await searchList(page, 'Search members', member.licence);

    // Approved: it leaves Review and the counts follow.
    await changeRowStatus(page, member.company, 'Approved');
    await seeAndCloseToast(page, '1 member set to approved.');
    await expect(row).toHaveCount(0);
    await expectSummary(page, { Pending: before.Pending, Approved: before.Approved + 1 });

    // Deactivated from the Approved list...
    await openMemberList(page, 'Approved', 'Approved members');
    await searchList(page, 'Search members', member.licence);
    await changeRowStatus(page, member.company, 'Deactivate');
    await confirmChange(page, `Deactivate ${member.company}?`, 'Deactivate', 'Trade licence under review');
    await seeAndCloseToast(page, '1 member set to deactivated.');
    await expect(rowOf(page, member.company)).toHaveCount(0);
    await expectSummary(page, { Approved: before.Approved, Deactivated: before.Deactivated + 1 });

    // ...and activated again from the Deactivated list.
    await openMemberList(page, 'Deactivated', 'Deactivated members');
    await searchList(page, 'Search members', member.licence);
    await changeRowStatus(page, member.company, 'Activate');
    await seeAndCloseToast(page, '1 member set to approved.');
    await expect(rowOf(page, member.company)).toHaveCount(0);
    await expectSummary(page, { Approved: before.Approved + 1, Deactivated: before.Deactivated });

    // The Approved list, filtered by the search, exports as CSV under the server's file name.
    await openMemberList(page, 'Approved', 'Approved members');
    await searchList(page, 'Search members', member.licence);
    await expect(rowOf(page, member.company)).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('members-approved.csv');
    const csv = readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toContain('Company,Email,Phone,Member types');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(member.company);
    expect(csv[1]).toContain(member.email);
    // The status in the screen's words (the backend's CSV labels), its reason cleared by the activation.
    expect(csv[1]).toContain(',Approved,,');

    // A second member with the same email is refused at the Email field.
    await openMemberList(page, 'Review', 'Review members');
    await page.getByRole('button', { name: 'Add member' }).click();
    const again = await fillOrganization(page, { ...member, company: `Dune Cars ${stamp} LLC`, phone: mobileFor(String(Number(stamp) + 1)) });
    await again.getByRole('button', { name: 'Add member' }).click();
    const email = again.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('A member with this email already exists.');
    await expect(again).toBeVisible();
  });
});
