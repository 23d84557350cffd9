import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, createRole, createStaffUser, mobileFor, uniqueStamp } from './support/api';
import { signIn, signOut } from './support/auth';
import { confirmChange } from './support/confirm';
import {
  expectSummary,
  pickOption,
  rowOf,
  searchAndPick,
  searchList,
  selectRows,
  summaryCard,
  summaryCounts,
  toast,
} from './support/lists';
import { openFromSidebar } from './support/nav';
import { dialog } from './support/ui';

/*
 * Issue 4: a location with a schedule and a manager, found by search and deactivated; a discounted security
 * plan; two charges switched inactive in one action. Each test makes its own data with unique names.
 * Issue 28: the opt-out text of promotional SMS, set under Business, ends the SMS campaign's preview (the shared
 * backend's text is put back after the test).
 */

/** The business settings a PUT takes back as they were (GET /api/business/settings answers more). */
interface BusinessSettings {
  legalName: string;
  trn: string | null;
  address: string;
  phone: string | null;
  email: string | null;
  vatRate: number;
  paymentWindowHours: number;
  freeStorageDays: number;
  invoicePrefix: string;
  promoOptOutEn: string;
  promoOptOutAr: string;
}

/** Types a time into a schedule field as a person would, and moves on with Tab. */
async function typeTime(field: Locator, time: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(time);
  await field.press('Tab');
  await expect(field).toHaveValue(time);
}

const LOCATION_CARDS = ['Total locations', 'Active locations', 'Inactive locations'] as const;
const CHARGE_CARDS = ['Total charges', 'Active charges', 'Inactive charges'] as const;

test.describe('settings', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test.afterEach(async ({ page }) => {
    await signOut(page);
  });

  test('a location with a schedule and a manager is found by search; deactivating it moves the cards', async ({
    page,
  }) => {
    // A long scenario: give it room on a busy machine.
    test.setTimeout(120_000);
    const stamp = uniqueStamp();
    const manager = `Khalid Al Hammadi ${stamp}`;
    const title = `Al Quoz Yard ${stamp}`;
    const decoy = `Sharjah Yard ${stamp}`;

    // Given: a staff user to manage the yard, and another yard that the search must leave out.
    const api = await apiAs(page);
    const roleId = await createRole(api, `Yard managers ${stamp}`, { Settings: ['view'] });
    await createStaffUser(api, {
      fullName: manager,
      email: `khalid.${stamp}@example.com`,
      phone: mobileFor(stamp),
      password: 'Falcon-Desert-2026',
      rolePermission: roleId,
    });
    await api.send('POST', '/locations/create', {
      title: decoy,
      physical_address: 'Industrial Area 6, Sharjah',
      phone_number: '06 555 1234',
      state: 'Sharjah',
      city: 'Industrial Area',
      status: 'active',
    });

    await openFromSidebar(page, 'Locations');
    // The cards read 0 until the counts have loaded; the decoy is there, so they are loaded once they say more.
    await expect(summaryCard(page, 'Total locations')).not.toHaveText(/^Total locations\s*0$/);
    const before = await summaryCounts(page, LOCATION_CARDS);

    await page.getByRole('button', { name: 'Add location' }).click();
    const add = await dialog(page, 'Add location');
    await expect(add.getByRole('tab', { name: 'Location Details' })).toHaveAttribute('aria-selected', 'true');
    await add.getByLabel('Title').fill(title);
    await searchAndPick(page, add.getByRole('combobox', { name: 'General manager' }), 'Khalid', manager);
    await add.getByLabel('Physical address').fill('Street 8, Al Quoz Industrial Area 3');
    await add.getByLabel('Mailing address').fill('PO Box 12345, Dubai');
    await add.getByLabel('Phone').fill('04 321 5678');
    await add.getByLabel('PO BOX').fill('12345');
    const uae = add.getByTitle('United Arab Emirates', { exact: true });
    await expect(uae, 'the UAE is the default country').toBeVisible();
    await pickOption(page, add.getByRole('combobox', { name: 'Emirate' }), 'Dubai');
    await pickOption(page, add.getByRole('combobox', { name: 'City' }), 'Al Quoz');

    // Opening hours: longer on Monday, an afternoon on Friday, closed at the weekend.
    await add.getByRole('tab', { name: 'Schedule' }).click();
    await typeTime(add.getByLabel('Monday opens'), '07:30');
    await typeTime(add.getByLabel('Monday closes'), '18:00');
    await typeTime(add.getByLabel('Friday opens'), '14:00');
    await typeTime(add.getByLabel('Friday closes'), '20:00');
    await add.getByRole('switch', { name: 'Saturday closed' }).click();
    await expect(add.getByRole('switch', { name: 'Saturday closed' })).toBeChecked();
    await expect(add.getByLabel('Saturday opens')).toBeDisabled();
    await expect(add.getByRole('switch', { name: 'Sunday closed' })).toBeChecked();
    await add.getByRole('button', { name: 'Add location' }).click();
    await expect(toast(page, 'Location added')).toBeVisible();
    await expect(add).toBeHidden();
    await expectSummary(page, {
      'Total locations': before['Total locations'] + 1,
      'Active locations': before['Active locations'] + 1,
      'Inactive locations': before['Inactive locations'],
    });

    // Found by search, with its manager; the other yard is left out.
    await searchList(page, 'Search locations', title);
    const row = rowOf(page, title);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(manager);
    await expect(row).toContainText('Al Quoz');
    await expect(row).toContainText('12345');
    await expect(row).toContainText('Active');
    await expect(rowOf(page, decoy)).toHaveCount(0);

    // The schedule was kept as entered.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = await dialog(page, 'Edit location');
    await expect(edit.getByText(manager)).toBeVisible();
    await edit.getByRole('tab', { name: 'Schedule' }).click();
    await expect(edit.getByLabel('Monday opens')).toHaveValue('07:30');
    await expect(edit.getByLabel('Monday closes')).toHaveValue('18:00');
    await expect(edit.getByLabel('Tuesday opens')).toHaveValue('08:00');
    await expect(edit.getByLabel('Friday opens')).toHaveValue('14:00');
    await expect(edit.getByLabel('Friday closes')).toHaveValue('20:00');
    await expect(edit.getByRole('switch', { name: 'Saturday closed' })).toBeChecked();
    await expect(edit.getByRole('switch', { name: 'Sunday closed' })).toBeChecked();
    await expect(edit.getByRole('switch', { name: 'Friday closed' })).not.toBeChecked();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Deactivated from the bulk actions: the cards follow.
    const bulk = await selectRows(page, [title]);
    await pickOption(page, bulk.getByRole('combobox', { name: 'Change status of selected locations' }), 'Inactive');
    await confirmChange(page, 'Set 1 location to inactive?', 'Set inactive');
    await expect(toast(page, '1 location set to inactive.')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expectSummary(page, {
      'Total locations': before['Total locations'] + 1,
      'Active locations': before['Active locations'],
      'Inactive locations': before['Inactive locations'] + 1,
    });
  });

  test('a plan with a discount shows the new price and the original struck through', async ({ page }) => {
    const stamp = uniqueStamp();
    const gold = `Gold ${stamp}`;
    const silver = `Silver ${stamp}`;

    // Given: a plan without a discount, to compare with.
    const api = await apiAs(page);
    await api.send('POST', '/plan/create', { name: silver, planAmount: '2000.00', buyingPower: '20000.00' });

    await openFromSidebar(page, 'Security Plan');
    await page.getByRole('button', { name: 'Add plan' }).click();
    const add = await dialog(page, 'Add security plan');
    await add.getByLabel('Plan name').fill(gold);
    await add.getByLabel('Tag').fill('Best value');
    await add.getByLabel('Plan amount').fill('5000');
    await add.getByLabel('Amount after discount').fill('4500');
    await add.getByLabel('Buying power').fill('50000');
    await add.getByLabel('Description').fill('Deposit for buyers of family cars and light trucks.');
    await add.getByRole('button', { name: 'Add plan' }).click();
    await expect(toast(page, 'Security plan added')).toBeVisible();
    await expect(add).toBeHidden();

    await searchList(page, 'Search plans', String(stamp));
    await expect(page.getByRole('article')).toHaveCount(2);
    const card = page.getByRole('article', { name: gold });
    await expect(card).toContainText('Best value');
    await expect(card).toContainText('AED 4,500.00');
    const original = card.getByLabel('Original price AED 5,000.00');
    await expect(original).toBeVisible();
    await expect(original.getByRole('deletion')).toHaveText('AED 5,000.00');
    await expect(card).toContainText(/Buying power\s*AED 50,000\.00/);
    await expect(card).toContainText(/Subscribers\s*0/);
    await expect(card).toContainText('Deposit for buyers of family cars and light trucks.');

    const plain = page.getByRole('article', { name: silver });
    await expect(plain).toContainText('AED 2,000.00');
    await expect(plain.getByLabel(/^Original price/)).toHaveCount(0);
    await expect(plain.getByRole('deletion')).toHaveCount(0);
  });

  test('two charges are switched inactive in one action', async ({ page }) => {
    const stamp = uniqueStamp();
    const gate = `Gate fee ${stamp}`;
    const storage = `Storage per day ${stamp}`;
    const late = `Late payment fee ${stamp}`;

    // Given: three active buyer charges, one of each kind (two active charges of one kind and payer must not share a price).
    const api = await apiAs(page);
    for (const [title, charges, kind] of [
      [gate, '150.00', 'gatePass'],
      [storage, '50.00', 'storagePerDay'],
      [late, '250.00', 'latePayment'],
    ]) {
      await api.send('POST', '/charge/create', { title, charges, kind, appliesTo: 'buyer', isActive: true });
    }

    await openFromSidebar(page, 'Charges');
    await searchList(page, 'Search charges', String(stamp));
    for (const title of [gate, storage, late]) {
      await expect(page.getByRole('switch', { name: `${title} active` })).toBeChecked();
    }
    await expect(page.getByRole('row', { name: gate })).toContainText('Gate pass fee');
    const before = await summaryCounts(page, CHARGE_CARDS);

    const statusCalls = watchRequests(page, '/api/charge/update-charge-status');
    const bulk = await selectRows(page, [gate, storage]);
    await pickOption(page, bulk.getByRole('combobox', { name: 'Change status of selected charges' }), 'Inactive');
    await expect(toast(page, '2 charges set inactive.')).toBeVisible();
    await expect(bulk).toBeHidden();

    await expect(page.getByRole('switch', { name: `${gate} active` })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: `${storage} active` })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: `${late} active` })).toBeChecked();
    await expectSummary(page, {
      'Total charges': before['Total charges'],
      'Active charges': before['Active charges'] - 2,
      'Inactive charges': before['Inactive charges'] + 2,
    });
    expect(statusCalls, 'one request for both charges').toHaveLength(1);
    expect(statusCalls[0]).toMatchObject({ isActive: false });
    expect((statusCalls[0] as { ids: string[] }).ids).toHaveLength(2);
  });

  test('the opt-out text of promotional SMS is set under Business and ends the SMS campaign preview', async ({ page }) => {
    const api = await apiAs(page);
    const before = await api.send<BusinessSettings>('GET', '/business/settings');
    const { legalName, trn, address, phone, email, vatRate, paymentWindowHours, freeStorageDays, invoicePrefix, promoOptOutEn, promoOptOutAr } = before;
    const optOut = `To stop offers send B AD-GAVEL to 7726 ${uniqueStamp().slice(-6)}`;
    try {
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('menuitem', { name: /\bSettings$/ }).click();
      await menu.getByRole('link', { name: 'Business', exact: true }).click();
      const english = page.getByLabel('Opt-out text of promotional SMS (English)');
      await expect(english).toHaveValue(promoOptOutEn);
      await expect(page.getByLabel('Opt-out text of promotional SMS (Arabic)')).toHaveAttribute('dir', 'rtl');
      await english.fill(optOut);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(toast(page, 'Business details saved')).toBeVisible();

      // The SMS campaign dialog previews (and counts) a promotion with the new text appended.
      const sms = menu.getByRole('link', { name: 'SMS', exact: true });
      if (!(await sms.isVisible())) await menu.getByRole('menuitem', { name: /\bAlerts$/ }).click();
      await sms.click();
      await expect(page.getByRole('heading', { name: 'SMS and promotions', exact: true })).toBeVisible();
      await page.getByRole('tab', { name: 'Campaigns' }).click();
      await page.getByRole('button', { name: /New campaign/ }).click();
      const form = await dialog(page, 'New SMS campaign');
      const text = 'Classic cars this Thursday.';
      await form.getByLabel('English text').fill(text);
      const preview = form.getByRole('region', { name: 'English preview' });
      await expect(preview).toContainText(`${text} ${optOut}`);
      await expect(preview.getByRole('status')).toContainText(`${text.length + 1 + optOut.length} characters · 1 segment (GSM-7`);
      // Closed without sending: the written text is discarded.
      await form.getByRole('button', { name: 'Cancel' }).click();
      await (await dialog(page, 'Discard changes?')).getByRole('button', { name: 'Discard' }).click();
      await expect(form).toBeHidden();
    } finally {
      const kept = { legalName, trn, address, phone, email, vatRate: String(vatRate), paymentWindowHours, freeStorageDays, invoicePrefix, promoOptOutEn, promoOptOutAr };
      await api.send('PUT', '/business/settings', kept);
    }
  });
});

/** The JSON bodies of the requests sent to `path` from now on. */
function watchRequests(page: Page, path: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) bodies.push(request.postDataJSON());
  });
  return bodies;
}
