import { expect, test } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { createApprovedVehicles, createAuction, createLocation, firstThursday, isoDay } from './support/auctions';
import { signIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { createBuyer, invoiceDrawer, moveClock, openMoneyScreen, pickRadio, signInCashier, type SecondStaff } from './support/money';
import { dialog } from './support/ui';

/*
 * Issue 23, 'Deposits cannot be paid': a new buyer (made through the API) chose a plan giving AED 500,000.00 of buying
 * power, which issued a deposit invoice (INV-D-…). One staff user pays it from its drawer; they see Verify disabled with
 * the two-person rule as its tooltip; a second staff user, in a browser of their own, verifies it; the buyer's buying
 * power then shows in the member picker of an absentee bid on a sale's lot.
 */

test.describe('the deposit desk', () => {
  let api: Api | undefined;
  let cashier: SecondStaff | undefined;

  test.afterEach(async () => {
    // The shared backend's clock goes back to the real time for the specs that follow.
    if (api) await moveClock(api);
    await cashier?.context.close();
  });

  test("a new buyer's deposit invoice is paid from its drawer, verified by a second user, and gives buying power shown for an absentee bid", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const buyer = await createBuyer(api, 'Gold', { payDeposit: false });
    const name = `Khalid ${buyer.lastName}`;

    // Invoices: the deposit invoice, found by the buyer's name, unpaid.
    await openMoneyScreen(page, 'Invoices');
    await searchList(page, 'Search invoices', buyer.lastName);
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Unpaid');
    const number = row.getByRole('link', { name: /^INV-D-\d{4}-\d{6}$/ });
    const invoiceNo = (await number.textContent()) ?? '';

    // Its drawer takes the payment: the whole deposit, in cash (never from the deposit itself).
    await number.click();
    const drawer = invoiceDrawer(page, invoiceNo);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('table', { name: 'Payments of the invoice' })).toContainText('No payments recorded yet.');
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    const record = await dialog(page, `Record payment for ${invoiceNo}`);
    await expect(record.getByLabel('Amount (AED)')).toHaveValue('50000.00');
    await expect(record.getByRole('radio', { name: 'From the deposit' })).toHaveCount(0);
    await pickRadio(record, 'Cash');
    await record.getByRole('button', { name: 'Record payment' }).click();
    const recorded = toast(page, /^PAY-\d{4}-\d{6} recorded; it waits for verification\./);
    await expect(recorded).toBeVisible();
    await expect(record).toBeHidden();
    const paymentId = /PAY-\d{4}-\d{6}/.exec((await recorded.textContent()) ?? '')?.[0] ?? '';
    const payments = drawer.getByRole('table', { name: 'Payments of the invoice' });
    await expect(payments.getByRole('row').filter({ hasText: paymentId })).toContainText('Waiting for verification');
    // Nothing is left to record while the payment waits: the button says why.
    await expect(drawer.getByRole('button', { name: 'Record payment' })).toBeDisabled();

    // Who recorded it sees Verify disabled, the two-person rule as its tooltip, before clicking anything.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await openMoneyScreen(page, 'Inbound');
    await searchList(page, 'Search payments', paymentId);
    const ownVerify = page.getByRole('button', { name: `Verify ${paymentId}` });
    await expect(ownVerify).toBeDisabled();
    await ownVerify.locator('xpath=..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(`You recorded ${paymentId}; another staff user must verify it.`);

    // A second staff user verifies it.
    cashier = await signInCashier(api, browser, baseURL, stamp);
    const other = cashier.page;
    await openMoneyScreen(other, 'Inbound');
    await searchList(other, 'Search payments', paymentId);
    await other.getByRole('button', { name: `Verify ${paymentId}` }).click();
    await expect(toast(other, `${paymentId} verified.`)).toBeVisible();
    await expect(rowOf(other, paymentId)).toContainText('Verified');

    // The buyer's buying power is shown before staff act: in the member picker of an absentee bid on the sale's lot.
    const yard = await createLocation(api, `Al Aweer Yard ${stamp}`);
    const [car] = await createApprovedVehicles(api, 1, `Land Cruiser ${stamp}`);
    const day = firstThursday(1);
    const auction = await createAuction(api, { title: `Deposit Desk Sale ${stamp}`, location: yard._id, day });
    const [event] = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;
    await api.send('POST', `/auction-event/add-vehicle/${event!._id}`, { vehicles: [{ vehicleId: car!._id, lane: 'A' }] });
    await api.send('PUT', '/auctions/status', { auctionIds: [auction.data._id], status: 'publish' });
    await moveClock(api, new Date(`${isoDay(day)}T16:30:00+04:00`));
    await page.goto(`/auction-events/${event!._id}`);
    await page.getByRole('button', { name: /^Absentee bid on Lot / }).click();
    const absentee = page.getByRole('dialog', { name: 'Absentee bid' });
    await absentee.getByRole('combobox', { name: 'Member' }).click();
    await page.keyboard.type(buyer.lastName);
    const option = page.getByRole('option').filter({ hasText: name });
    await expect(option).toHaveCount(1);
    await expect(option).toContainText('AED 500,000.00');
  });
});
