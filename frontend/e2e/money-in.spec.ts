import { expect, test } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { createBuyerFee, invoiceDrawer, moveClock, openMoneyScreen, pickRadio, sellVehicle, signInCashier, switchOff, type Fee, type SecondStaff } from './support/money';
import { dialog } from './support/ui';

/*
 * Issue 12, money in: a sale (through the API) issues the buyer's tax invoice, which Invoices lists with its lines
 * and VAT; one staff user records a card payment from the invoice drawer and sees Verify disabled, with the reason,
 * for it; a second staff user, in a browser of their own, verifies it on Inbound payments; the invoice is Paid and its
 * PDF downloads.
 */

test.describe('money in', () => {
  let api: Api | undefined;
  let fee: Fee | undefined;
  let cashier: SecondStaff | undefined;

  test.afterEach(async () => {
    // The shared backend's clock goes back to the real time, and the fee stops applying to later specs' sales.
    if (api) await moveClock(api);
    if (api && fee) await switchOff(api, fee);
    await cashier?.context.close();
  });

  test('a sale issues an invoice; one user records a card payment, a second verifies it; the invoice is paid', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    fee = await createBuyerFee(api, `Buyer fee ${stamp}`, '350.00');
    const sale = await sellVehicle(api, stamp, 25000);
    const lot = `Lot ${sale.vehicle.vehicleLotNumber}`;

    // Invoices: the sale's invoice, found by its lot, unpaid.
    await openMoneyScreen(page, 'Invoices');
    await searchList(page, 'Search invoices', String(sale.vehicle.vehicleLotNumber));
    const invoices = page.getByRole('table', { name: 'Invoices' });
    const row = invoices.getByRole('row').filter({ hasText: lot });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Khalid ${sale.buyer.lastName}`);
    await expect(row).toContainText('Unpaid');
    const number = row.getByRole('link', { name: /^INV-\d{4}-\d{6}$/ });
    const invoiceNo = (await number.textContent()) ?? '';

    // The drawer: the vehicle's price without VAT (the seller is not VAT-registered) and the fee with 5% VAT.
    await number.click();
    const drawer = invoiceDrawer(page, invoiceNo);
    await expect(drawer).toBeVisible();
    const lines = drawer.getByRole('table', { name: 'Invoice lines' });
    await expect(lines.getByRole('row').filter({ hasText: `${lot} · ${sale.title}` })).toContainText('AED 25,000.000%AED 0.00AED 25,000.00');
    await expect(lines.getByRole('row').filter({ hasText: `Buyer fee ${stamp}` })).toContainText('AED 350.005%AED 17.50AED 367.50');
    await expect(drawer.getByRole('table', { name: 'Payments of the invoice' })).toContainText('No payments recorded yet.');

    // The first user records a card payment of what is open.
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    const record = await dialog(page, `Record payment for ${invoiceNo}`);
    const amount = record.getByLabel('Amount (AED)');
    await expect(amount).not.toHaveValue('');
    await pickRadio(record, 'Card');
    await record.getByLabel('Reference').fill(`SLIP-${stamp}`);
    // A mistyped amount stays as typed, is refused with a sentence and records nothing.
    const open = await amount.inputValue();
    await amount.fill('1l1,680');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await expect(record.getByText('"l" is not a digit. Type the amount with digits only, for example 90,000.')).toBeVisible();
    await expect(amount).toHaveValue('1l1,680');
    await expect(record).toBeVisible();
    await amount.fill(open);
    await record.getByRole('button', { name: 'Record payment' }).click();
    const recorded = toast(page, /^PAY-\d{4}-\d{6} recorded; it waits for verification\./);
    await expect(recorded).toBeVisible();
    await expect(record).toBeHidden();
    const paymentId = /PAY-\d{4}-\d{6}/.exec((await recorded.textContent()) ?? '')?.[0] ?? '';
    const payments = drawer.getByRole('table', { name: 'Payments of the invoice' });
    await expect(payments.getByRole('row').filter({ hasText: paymentId })).toContainText(`Card · SLIP-${stamp}`);
    await expect(payments.getByRole('row').filter({ hasText: paymentId })).toContainText('Waiting for verification');
    // What is open waits for verification: nothing is left to record, and the button says why.
    const again = drawer.getByRole('button', { name: 'Record payment' });
    await expect(again).toBeDisabled();
    await again.locator('xpath=..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(`${invoiceNo} has nothing left to pay: the payments recorded against it wait for verification.`);

    // Who recorded it may not verify it: Verify is disabled, the rule as its tooltip, before anyone clicks.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await openMoneyScreen(page, 'Inbound');
    await searchList(page, 'Search payments', paymentId);
    const ownVerify = page.getByRole('button', { name: `Verify ${paymentId}` });
    await expect(ownVerify).toBeDisabled();
    await ownVerify.locator('xpath=..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(`You recorded ${paymentId}; another staff user must verify it.`);

    // A second staff user verifies it on Inbound payments.
    cashier = await signInCashier(api, browser, baseURL, stamp);
    const other = cashier.page;
    await openMoneyScreen(other, 'Inbound');
    await searchList(other, 'Search payments', paymentId);
    await expect(rowOf(other, paymentId)).toContainText('Waiting for verification');
    await other.getByRole('button', { name: `Verify ${paymentId}` }).click();
    await expect(toast(other, `${paymentId} verified.`)).toBeVisible();
    await expect(rowOf(other, paymentId)).toContainText('Verified');
    await expect(rowOf(other, paymentId)).toContainText(`${cashier.name}, `);
    await expect(other.getByRole('button', { name: `Verify ${paymentId}` })).toBeHidden();

    // The first user sees the invoice paid, opens it from the payment and downloads its PDF.
    await page.reload();
    await expect(rowOf(page, paymentId)).toContainText('Verified');
    await rowOf(page, paymentId).getByRole('link', { name: invoiceNo }).click();
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
    const paid = invoiceDrawer(page, invoiceNo);
    await expect(paid).toBeVisible();
    await expect(paid.getByRole('table', { name: 'Payments of the invoice' })).toContainText(`checked by ${cashier.name}`);
    await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
    const download = page.waitForEvent('download');
    await paid.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${invoiceNo}.pdf`);
  });
});

