import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { isoDay, firstThursday } from './support/auctions';
import { signIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { createBuyer, moveClock, openMoneyScreen, payDeposit, pickRadio, sellVehicle, signInCashier, type SecondStaff } from './support/money';
import { dialog } from './support/ui';

/*
 * Issue 13, money out. A buyer chose a plan: their deposit invoice is paid and verified and their buying power
 * appears on their page; they buy a vehicle (through the API, as the lane console does) and pay it; the seller's
 * payout shows under Outbound; the buyer's deposit refund is requested from their page; the payout is completed by
 * the first user (not the one who verified the buyer's payment), the refund by the second (not the one who asked for
 * it); the buyer's ledger shows every step with its balances.
 *
 * Time: the backend's clock is moved to the sale day, and both browsers run their clocks from 20:00 that day, so that
 * the 'Paid on' the dialogs start from lies after the payments were issued and not in the backend's future.
 */

const PLAN_POWER = 'AED 500,000.00';

function saleDayAt(hour: string): Date {
  return new Date(`${isoDay(firstThursday(1))}T${hour}:00+04:00`);
}

async function openMember(page: Page, memberId: string, tab: 'money' | 'ledger'): Promise<void> {
  await page.goto(`/members/${memberId}?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab === 'money' ? 'Invoices and payments' : 'Ledger', selected: true })).toBeVisible();
}

function buyingPower(page: Page): Locator {
  return page.getByRole('region', { name: 'Deposit and buying power' });
}

test.describe('money out', () => {
  let api: Api | undefined;
  let cashier: SecondStaff | undefined;

  test.afterEach(async () => {
    if (api) await moveClock(api); // the shared backend's clock goes back to the real time
    await cashier?.context.close();
  });

  test('a deposit gives buying power; after a paid sale the payout and a deposit refund are completed by two people; the ledger explains it', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const browsersFrom = saleDayAt('20:00');
    await page.context().clock.install({ time: browsersFrom });
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    cashier = await signInCashier(api, browser, baseURL, stamp, browsersFrom);
    const desk = await apiAs(cashier.page);

    // A buyer on the Gold plan: the deposit invoice waits, so no buying power yet.
    const buyer = await createBuyer(api, 'Gold', { payDeposit: false });
    await openMember(page, buyer._id, 'money');
    await expect(buyingPower(page)).toContainText('Deposit not paid yet');
    await expect(buyingPower(page)).toContainText('Buying power availableAED 0.00');

    // The deposit is paid (recorded by one user, verified by the other): the plan's buying power appears.
    await payDeposit(api, buyer._id);
    await page.reload();
    await expect(buyingPower(page)).toContainText(`Buying power available${PLAN_POWER}`);
    await expect(buyingPower(page)).toContainText('Deposit heldAED 50,000.00');

    // They buy a vehicle for 25,000 AED on the sale day; the admin records the card payment and the cashier verifies it.
    const sale = await sellVehicle(api, stamp, 25000, buyer);
    const lot = `Lot ${sale.vehicle.vehicleLotNumber}`;
    const invoices = await api.send<{ data: { _id: string; invoiceNo: string; total: number; kind: string }[] }>('POST', '/invoices/get', { vehicleId: sale.vehicle._id, kind: 'invoice' });
    const [invoice] = invoices.data;
    if (!invoice) throw new Error('the sale issued no invoice');
    await moveClock(api, saleDayAt('17:00'));
    const paid = await api.send<{ data: { _id: string } }>('POST', '/payments/inbound', {
      invoiceId: invoice._id,
      amount: invoice.total,
      paymentMethod: 'card',
      paymentReferenceId: `SLIP-${stamp.slice(-6)}`,
      paymentDateAndTime: `${sale.saleDay}T16:45:00+04:00`,
    });
    await desk.send('PUT', `/payments/${paid.data._id}/verify`);

    // The deposit refund is asked for from the buyer's page (nothing is owed any more).
    await moveClock(api, saleDayAt('19:00'));
    await openMember(page, buyer._id, 'money');
    await buyingPower(page).getByRole('button', { name: 'Request refund' }).click();
    const request = await dialog(page, 'Request refund');
    await expect(request.getByText('Nothing is owed.')).toBeVisible();
    await pickRadio(request, 'Deposit refund');
    await expect(request.getByLabel('Amount (AED)')).toHaveValue(/50,?000(\.00)?/);
    await pickRadio(request, 'Cheque');
    await request.getByLabel('Reason').fill('The member leaves the auctions');
    await request.getByRole('button', { name: 'Request refund' }).click();
    const requested = toast(page, /^Refund OUT-\d{4}-\d{6} requested; another staff user completes it\./);
    await expect(requested).toBeVisible();
    const refundNo = /OUT-\d{4}-\d{6}/.exec((await requested.textContent()) ?? '')?.[0] ?? '';
    await expect(buyingPower(page)).toContainText('Buying power availableAED 0.00');

    // Outbound: the seller's payout for the lot waits; the admin (who did not verify the buyer's payment) completes it.
    await moveClock(api, saleDayAt('22:00'));
    await openMoneyScreen(page, 'Outbound');
    await searchList(page, 'Search outbound payments', String(sale.vehicle.vehicleLotNumber));
    const payoutRow = page.getByRole('table', { name: 'Outbound payments' }).getByRole('row').filter({ hasText: lot });
    await expect(payoutRow).toHaveCount(1);
    await expect(payoutRow).toContainText('Payout');
    await expect(payoutRow).toContainText('Pending');
    const payoutNo = /OUT-\d{4}-\d{6}/.exec((await payoutRow.textContent()) ?? '')?.[0] ?? '';
    await payoutRow.getByRole('button', { name: `Complete ${payoutNo}` }).click();
    const complete = await dialog(page, `Complete ${payoutNo}`);
    await pickRadio(complete, 'Cheque');
    await complete.getByLabel('Reference').fill(`CHQ-${stamp.slice(-6)}`);
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(complete).toBeHidden();
    await expect(payoutRow).toContainText('Completed');

    // The refund is completed by the cashier, not by the admin who asked for it.
    const other = cashier.page;
    await openMoneyScreen(other, 'Outbound');
    await searchList(other, 'Search outbound payments', refundNo);
    await expect(rowOf(other, refundNo)).toContainText('Refund: deposit');
    await other.getByRole('button', { name: `Complete ${refundNo}` }).click();
    const pay = await dialog(other, `Complete ${refundNo}`);
    await pickRadio(pay, 'Cheque');
    await pay.getByLabel('Reference').fill(`CHQ-R-${stamp.slice(-6)}`);
    await pay.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(pay).toBeHidden();
    await expect(rowOf(other, refundNo)).toContainText('Completed');

    // The buyer's ledger: every step, and nothing owed either way at the end.
    await openMember(page, buyer._id, 'ledger');
    const balances = page.getByRole('region', { name: 'Balances now' });
    await expect(balances).toContainText('Owes usAED 0.00');
    await expect(balances).toContainText('We oweAED 0.00');
    await expect(balances).toContainText('Deposit heldAED 0.00');
    const entries = page.getByRole('table', { name: 'Ledger entries' });
    for (const kind of ['Invoice', 'Payment', 'Deposit held', 'Refund requested', 'Refund paid']) {
      await expect(entries.getByRole('row').filter({ hasText: kind }).first()).toBeVisible();
    }
    await expect(entries.getByRole('row').filter({ hasText: invoice.invoiceNo }).first()).toBeVisible();
    await expect(entries.getByRole('row').filter({ hasText: 'Deposit held' })).toContainText('AED 50,000.00');
    await expect(entries.getByRole('row').filter({ hasText: 'Refund requested' })).toContainText('AED 50,000.00');
    await expect(entries.getByRole('row').filter({ hasText: 'Refund paid' })).toContainText('AED 0.00');
  });
});
