import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { createBuyer, moveClock, paymentsDesk } from './support/money';
import { createApprovedVehicles, createAuction, createLocation, firstThursday, isoDay } from './support/auctions';
import { signIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { mails } from './support/mail';
import { clickAndSee, sidebar } from './support/nav';
import { openVehicleList } from './support/vehicles';

/*
 * Issues 12 and 23, the vehicle side and the gate: a vehicle sold at auction (its invoice issued with the sale),
 * paid by card as recorded by the admin and verified by a second staff user (all through the API), shows Paid in
 * the Sold list and on its Payment Details tab; its gate pass is generated there by a double click (one pass, one
 * mail with its gate code) and its PDF downloads; the gate screen finds it by its short code and by its lot number,
 * lets it out once with a driver and refuses the same pass afterwards; the pick-up released the vehicle, as the
 * Sold list shows.
 */

const DRIVER = { name: 'Rashid Driver', emiratesId: '784-1990-1234567-6' };


/** Opens the gate screen from the sidebar's Vehicles group. */
async function openGate(page: Page): Promise<void> {
  const menu = sidebar(page);
  const link = menu.getByRole('link', { name: 'Gate', exact: true });
  if (!(await link.isVisible())) await menu.getByRole('menuitem', { name: /\bVehicles$/ }).click();
  await clickAndSee(link, page.getByRole('heading', { name: 'Gate', exact: true, level: 1 }));
}

test.describe('gate pass and the gate', () => {
  let api: Api | undefined;

  test.afterEach(async () => {
    // The clock of the shared backend goes back to the real time for the specs that follow.
    if (api) await moveClock(api);
  });

  test('a paid vehicle gets one gate pass for a double click, is found by code and lot, leaves once and is released', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();

    // Given: a vehicle sold at auction (which issues its invoice) ...
    const yard = await createLocation(api, `Gate Yard ${stamp}`);
    const [car] = await createApprovedVehicles(api, 1, `Patrol ${stamp}`);
    if (!car) throw new Error('no vehicle');
    const lot = `Lot ${car.vehicleLotNumber}`;
    const buyer = await createBuyer(api, 'Gate Gold');
    const saleDay = firstThursday(2);
    const auction = await createAuction(api, { title: `Gate Sale ${stamp}`, location: yard._id, day: saleDay });
    const [event] = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;
    if (!event) throw new Error('no event');
    await api.send('POST', `/auction-event/add-vehicle/${event._id}`, { vehicles: [{ vehicleId: car._id }] });
    await api.send('PUT', '/auctions/status', { auctionIds: [auction.data._id], status: 'publish' });
    await moveClock(api, new Date(`${isoDay(saleDay)}T16:30:00+04:00`));
    await api.send('PUT', `/auction-event/results/${event._id}`, { results: [{ vehicleId: car._id, outcome: 'sold', buyerId: buyer._id, soldFor: 25000 }] });
    const invoices = await api.send<{ data: { _id: string; invoiceNo: string; total: number; kind: string }[] }>('POST', '/invoices/get', { vehicleId: car._id });
    const invoice = invoices.data.find((document) => document.kind === 'invoice');
    if (!invoice) throw new Error('the sale issued no invoice');

    // ... paid by card as the admin records it, and verified by a second staff user.
    await moveClock(api, new Date(`${isoDay(saleDay)}T17:00:00+04:00`));
    const recorded = await api.send<{ data: { _id: string } }>('POST', '/payments/inbound', {
      invoiceId: invoice._id,
      amount: invoice.total,
      paymentMethod: 'card',
      paymentReferenceId: `SLIP-${stamp.slice(-6)}`,
      paymentDateAndTime: `${isoDay(saleDay)}T16:45:00+04:00`,
    });
    const cashier = await paymentsDesk(api);
    await cashier.send('PUT', `/payments/${recorded.data._id}/verify`);

    // The Sold list shows the invoice as Paid, linked to it.
    await openVehicleList(page, 'Sold');
    await searchList(page, 'Search vehicles', car.vinNumber);
    const row = rowOf(page, car.vinNumber);
    await expect(row.getByRole('link', { name: `Paid: invoice ${invoice.invoiceNo}` })).toHaveAttribute('href', `/invoice-management?invoice=${invoice._id}`);
    await expect(row).toContainText('Pending');

    // Payment Details: the invoice Paid, the verified payment, then the gate pass generated and downloaded.
    await row.getByRole('link', { name: lot, exact: true }).click();
    await expect(page.getByRole('heading', { name: `${lot} · Patrol ${stamp} 1` })).toBeVisible();
    await page.getByRole('tab', { name: 'Payment Details' }).click();
    const details = page.getByRole('tabpanel', { name: 'Payment Details' });
    const documents = details.getByRole('table', { name: 'Invoices and credit notes' });
    await expect(documents.getByRole('row', { name: new RegExp(invoice.invoiceNo) })).toContainText('Paid');
    await expect(details.getByRole('table', { name: `Payments of ${invoice.invoiceNo}` }).getByRole('row', { name: /Verified/ })).toContainText(cashier.name);

    // 'Generate gate pass' double-clicked: one request, one pass, one mail (carrying its gate code).
    const issueRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/gate-passes/issue') && request.method() === 'POST') issueRequests.push(request.url());
    });
    const issued = page.waitForResponse((response) => response.url().endsWith('/api/gate-passes/issue') && response.request().method() === 'POST');
    await details.getByRole('button', { name: 'Generate gate pass' }).dblclick();
    const { data: gatePass } = (await (await issued).json()) as { data: { _id: string; token: string; code: string } };
    // The code the QR carries and the short gate code are shown once, for a guard who types them.
    const generated = details.getByRole('alert').filter({ hasText: `Gate pass generated for ${lot}, valid until ` });
    await expect(generated.getByText(gatePass.token, { exact: true })).toBeVisible();
    await expect(generated.getByText(gatePass.code, { exact: true })).toBeVisible();
    const passes = details.getByRole('table', { name: 'Gate passes' });
    await expect(passes.getByRole('row', { name: /Generated/ })).toHaveCount(1);
    await expect(passes.getByRole('row', { name: /Generated/ })).toContainText(gatePass.code);
    expect(issueRequests).toHaveLength(1);
    const listed = await api.send<{ data: { status: string }[] }>('GET', `/gate-passes/vehicle/${car._id}`);
    expect(listed.data.map((each) => each.status)).toEqual(['Generated']);
    // The outbox holds one gate pass mail (written with the pass), and the SMTP sink receives one.
    const subject = `Your gate pass for Lot ${car.vehicleLotNumber}`;
    const outbox = await api.send<{ data: { channel: string }[] }>('POST', '/alerts/messages', { memberId: buyer._id, event: 'gatePassIssued', limit: 100 });
    expect(outbox.data.filter((message) => message.channel === 'email')).toHaveLength(1);
    await expect.poll(() => mails().filter((mail) => mail.subject === subject).length, { timeout: 30_000 }).toBe(1);
    expect(mails().find((mail) => mail.subject === subject)?.body).toContain(gatePass.code);

    const downloading = page.waitForEvent('download');
    await passes.getByRole('button', { name: 'Download gate pass' }).click();
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toBe(`gate-pass-lot-${car.vehicleLotNumber}.pdf`);
    expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');

    // The gate: the short code, typed in small letters without its dash, finds the pass.
    await openGate(page);
    const code = page.getByLabel('Gate pass code, lot number or VIN');
    await expect(code).toBeFocused();
    await page.keyboard.type(gatePass.code.replace('-', '').toLowerCase());
    await page.keyboard.press('Enter');
    const answer = page.getByRole('region', { name: 'Gate answer' });
    await expect(answer.getByRole('heading', { name: 'Let the vehicle out' })).toBeVisible();
    await expect(answer).toContainText(`Khalid ${buyer.lastName} may take ${lot}`);
    await expect(answer).toContainText(car.vinNumber);
    await expect(answer).toContainText('Colour');
    await expect(answer).toContainText('Number plate');
    await expect(answer).toContainText(gatePass.code);
    await expect(code).toHaveValue('');

    // So does its lot number.
    await page.getByRole('button', { name: 'Next vehicle' }).click();
    await expect(code).toBeFocused();
    await page.keyboard.type(String(car.vehicleLotNumber));
    await page.keyboard.press('Enter');
    await expect(answer.getByRole('heading', { name: 'Let the vehicle out' })).toBeVisible();
    await expect(answer).toContainText(`Khalid ${buyer.lastName} may take ${lot}`);
    await expect(answer).toContainText(gatePass.code);

    // The pick-up, with the driver's Emirates ID, lets it out once.
    await expect(page.getByLabel("Driver's name")).toBeFocused();
    await page.keyboard.type(DRIVER.name);
    await page.getByLabel("Driver's Emirates ID").fill(DRIVER.emiratesId);
    await page.getByRole('button', { name: 'Record pick-up' }).click();
    await expect(answer.getByRole('heading', { name: 'Picked up' })).toBeVisible();
    await expect(toast(page, `${DRIVER.name} picked up ${lot} for Khalid ${buyer.lastName}.`)).toBeVisible();
    await expect(code).toBeFocused();
    await expect(code).toHaveValue('');

    // The same pass again, by its QR code: refused, already picked up.
    await page.keyboard.type(gatePass.token);
    await page.keyboard.press('Enter');
    await expect(answer.getByRole('heading', { name: 'Do not let the vehicle out' })).toBeVisible();
    await expect(answer.getByRole('heading', { name: 'Already picked up' })).toBeVisible();
    await expect(answer).toContainText(`${lot} was already picked up on `);
    await expect(answer).toContainText(`by ${DRIVER.name}.`);
    await expect(page.getByRole('button', { name: 'Record pick-up' })).toBeHidden();

    // The pick-up released the vehicle: the Sold list says Released at once.
    await openVehicleList(page, 'Sold');
    await searchList(page, 'Search vehicles', car.vinNumber);
    const sold = rowOf(page, car.vinNumber);
    await expect(sold).toContainText('Picked Up');
    await expect(sold.getByRole('combobox', { name: `Release of ${lot}` })).toBeDisabled();
    await expect(sold).toContainText('Released');
    await expect(sold).not.toContainText('Unreleased');
    await page.goto(`/vehicles/${car._id}?tab=payment`);
    await expect(page.getByRole('heading', { name: `${lot} · Patrol ${stamp} 1` })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Payment Details' }).getByRole('table', { name: 'Gate passes' }).getByRole('row', { name: /Picked Up/ })).toContainText(DRIVER.name);
  });
});
