import { expect, test, type Page } from '@playwright/test';
import { apiAs, mobileFor, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { moveClock, sellVehicle } from './support/money';
import { pickOption } from './support/lists';
import { sidebar } from './support/nav';
import { dialog } from './support/ui';

/*
 * Issue 15: a member registered and approved in the test is found in the audit log (Settings, Audit log) by its
 * action and record; the event shows who, from where and on which device, and opens as the status before and
 * after, side by side. The member's History tab lists the same event. Issue 23: the search box finds a sale by
 * its invoice number and by its lot, the words staff use.
 */

/** A pending individual member made through the API, as a given of the spec. */
async function pendingMember(api: Api, stamp: string): Promise<{ _id: string; name: string }> {
  const lastName = `Suwaidi${stamp.slice(-6)}`;
  const expiry = `${new Date().getFullYear() + 2}-01-31`;
  const answer = await api.send<{ data: { _id: string } }>('POST', '/members/create', {
    firstName: 'Omar',
    lastName,
    email: `omar.${stamp}@example.com`,
    phone: mobileFor(stamp),
    memberIdentityNo: `784-1990-${stamp.slice(-7)}-3`,
    memberTypes: ['buyer'],
    memberEntity: 'individual',
    memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
  });
  return { _id: answer.data._id, name: `Omar ${lastName}` };
}

async function openAuditLog(page: Page): Promise<void> {
  const menu = sidebar(page);
  const link = menu.getByRole('link', { name: 'Audit log', exact: true });
  if (!(await link.isVisible())) await menu.getByRole('menuitem', { name: /\bSettings$/ }).click();
  await link.click();
  await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();
}

test.describe('audit log', () => {
  test("finds the approval of a member made in the test and shows its status before and after", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const api = await apiAs(page);
    const member = await pendingMember(api, uniqueStamp());
    await api.send('PUT', '/members/update-status', { ids: [member._id], status: 'approved' });
    const approved = `Approved member ${member.name}`;

    await openAuditLog(page);
    await pickOption(page, page.getByRole('combobox', { name: 'Action' }), 'Member: status changed');
    await pickOption(page, page.getByRole('combobox', { name: 'Record type' }), 'Member');
    await expect(page).toHaveURL(/entity=member/);
    const record = page.getByRole('searchbox', { name: 'Record id' });
    await record.fill(member._id);
    await record.press('Enter');
    await expect(page).toHaveURL(new RegExp(`action=member\\.status_changed.*entity=member.*record=${member._id}`));

    const table = page.getByRole('table', { name: 'Audit events' });
    const row = table.getByRole('row', { name: new RegExp(approved) });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2); // the header and this one event
    await expect(row).toContainText('Administrator');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText(/Chrom\w* [\d.]+ on Linux/);
    await expect(row.getByRole('link', { name: member.name })).toHaveAttribute('href', `/members/${member._id}`);

    await row.getByRole('button', { name: `View change: ${approved}` }).click();
    const change = await dialog(page, approved);
    const values = change.getByRole('table', { name: 'Values before and after' });
    await expect(values.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
    await expect(values.getByRole('row', { name: /^Status/ }).getByRole('cell')).toHaveText(['Status', 'pending', /approved/]);
    await change.getByRole('button', { name: 'Close' }).click();
    await expect(change).toBeHidden();

    await row.getByRole('link', { name: member.name }).click();
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await expect(page.getByRole('table', { name: 'History of this record' }).getByRole('row', { name: new RegExp(approved) })).toBeVisible();
    await expect(page).toHaveURL(/tab=history/);
  });

  test('finds a sale by its invoice number and by its lot number', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const api = await apiAs(page);
    try {
      const sale = await sellVehicle(api, uniqueStamp(), 42_500);
      const invoices = await api.send<{ data: { _id: string; invoiceNo: string }[] }>('POST', '/invoices/get', { vehicleId: sale.vehicle._id });
      const invoiceNo = invoices.data[0]!.invoiceNo;
      const lot = String(sale.vehicle.vehicleLotNumber);

      await openAuditLog(page);
      const search = page.getByRole('searchbox', { name: 'Search the audit log' });
      const table = page.getByRole('table', { name: 'Audit events' });
      await search.fill(invoiceNo);
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`search=${invoiceNo}`));
      await expect(table.getByRole('row', { name: new RegExp(`Issued .*${invoiceNo}`) })).toBeVisible();
      // only the invoice's own events: none about the vehicle
      await expect(table.getByRole('row', { name: new RegExp(`lot ${lot}\\b`) })).toHaveCount(0);

      await search.fill(`Lot ${lot}`);
      await search.press('Enter');
      await expect(table.getByRole('row', { name: new RegExp(`View change: Added vehicle [^,]*, lot ${lot} Vehicle:`) })).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(`Added vehicle [^,]*, lot ${lot} to an event`) })).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(`Issued .*${invoiceNo}`) })).toBeVisible(); // the lot's invoice
      // the record-id box stays, for links
      await expect(page.getByRole('searchbox', { name: 'Record id' })).toBeVisible();
    } finally {
      await moveClock(api);
    }
  });
});
