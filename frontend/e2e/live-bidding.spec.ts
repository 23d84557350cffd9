import { expect, test, type Page } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { rowOf, searchList, toast } from './support/lists';
import { absenteeBid, closeLot, consoleReady, createLiveSale, eventLots, expectFigure, liveLane, openLot, saleTime, statistic } from './support/live';
import { createBuyer, invoiceDrawer, moveClock, openMoneyScreen } from './support/money';
import { clickAndSee, sidebar } from './support/nav';
import { dialog } from './support/ui';

/*
 * Issue 25, live bidding, as staff see it in Chromium. The sales (auction, vehicles, buyers with paid deposits, the
 * members' absentee maxima) are made through the API; the server's clock is moved to the sale day.
 *  1. An Online auction's lane runs its three lots by itself (5 s counter-bid time): the first sold to the higher of
 *     two absentee maxima at one step above the other, the second on approval (its only maximum is below the
 *     reserve), the third a no-sale (no bid), while the event's live page shows each lot, its price and leader, and
 *     the lane's counts.
 *  2. A Live lane in the clerk's console: an absentee maximum answers floor bids (the button, then F), a floor bid
 *     equal to the maximum loses to it, the floor leads and H sells; the clerk names the buyer from the room. The next
 *     lot, led by an absentee below its reserve, is refused Sold in the server's words, then sold to the member.
 *  3. The seller accepts an on-approval lot from Auctions → On approval: it is sold to the highest bidder and the
 *     buyer's invoice is under Payments → Invoices.
 */

const OPENING = '20000.00';

/** The lot's label on the live page and in the console ('Lot 1001'). */
const lotLabel = (lotNumber: number) => `Lot ${lotNumber}`;

async function openOnApproval(page: Page): Promise<void> {
  const menu = sidebar(page);
  const target = menu.getByRole('link', { name: 'On approval', exact: true }).and(menu.locator('[href="/auctions/on-approval"]'));
  if (!(await target.isVisible())) await menu.getByRole('menuitem', { name: /\bAuctions$/ }).click();
  await clickAndSee(target, page.getByRole('heading', { name: 'On approval', exact: true }));
}

test.describe('live bidding', () => {
  let api: Api | undefined;

  test.afterEach(async () => {
    // The clock of the shared backend goes back to the real time for the specs that follow.
    if (api) await moveClock(api);
  });

  test('an Online lane runs three lots by itself with absentee bids: one sold, one on approval, one no-sale, on the live page', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const aisha = await createBuyer(api);
    const omar = await createBuyer(api);
    const sale = await createLiveSale(api, stamp, { type: 'Online', vehicles: [0, 1, 2].map(() => ({ opening: OPENING, reserve: '25000.00' })) });
    const [first, second, third] = await eventLots(api, sale.eventId);
    await absenteeBid(api, first!.id, aisha._id, '30000.00');
    await absenteeBid(api, first!.id, omar._id, '26000.00');
    await absenteeBid(api, second!.id, omar._id, '22000.00');
    const [one, two, three] = sale.vehicles.map((vehicle) => `${lotLabel(vehicle.vehicleLotNumber)} · ${vehicle.title}`);

    // The live page before the sale: the lane holds three lots.
    await page.goto(`/auction-events/${sale.eventId}/live`);
    await expect(page.getByRole('heading', { name: `Live view · ${sale.title}` })).toBeVisible();
    const lane = liveLane(page, 'A');
    await expect(lane.getByText('Online lane', { exact: true })).toBeVisible();
    await expectFigure(lane, 'Lots left', 3);
    await expectFigure(lane, 'Sold', 0);

    // The sale starts (16:00 Dubai): the lane opens its first lot by itself. Aisha's maximum leads one step above
    // Omar's; the clock counts down on the server's time.
    await moveClock(api, saleTime(sale));
    await expect(lane.getByText(one!, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(statistic(lane, 'Current price')).toHaveText('AED 26,500.00');
    await expect(statistic(lane, 'Asking price')).toHaveText('AED 27,000.00');
    await expect(lane.getByText(`Khalid ${aisha.lastName}`, { exact: true })).toBeVisible();
    await expect(lane.getByText('Absentee', { exact: true })).toBeVisible();
    await expect(lane.getByRole('timer', { name: 'Countdown' })).toBeVisible();
    await expect(lane.getByText('Running', { exact: true })).toBeVisible();

    // Its clock runs out with no new bid: sold, at or above the reserve. The second lot opens 5 s later, led by
    // Omar's maximum at the opening price, below the reserve.
    await expectFigure(lane, 'Sold', 1, 15_000);
    await expect(lane.getByText(two!, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(statistic(lane, 'Current price')).toHaveText('AED 20,000.00');
    await expect(lane.getByText(`Khalid ${omar.lastName}`, { exact: true })).toBeVisible();
    await expectFigure(lane, 'On approval', 1, 15_000);

    // The third has no bid: a no-sale when its clock runs out, and the lane is finished.
    await expect(lane.getByText(three!, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(statistic(lane, 'Current price')).toHaveText('No bid yet');
    await expect(lane.getByText('Nobody leads yet', { exact: true })).toBeVisible();
    await expectFigure(lane, 'No sale', 1, 15_000);
    await expectFigure(lane, 'Lots left', 0);
    await expect(lane.getByText('Finished', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectFigure(lane, 'Sold', 1);
    await expectFigure(lane, 'On approval', 1);

    // The server's record agrees: each lot's result, price and leader.
    const closed = await eventLots(api, sale.eventId);
    expect(closed.map((lot) => [lot.id, lot.state, lot.result, lot.price, lot.leader?.id ?? null])).toEqual([
      [first!.id, 'closed', 'sold', '26500.00', aisha._id],
      [second!.id, 'closed', 'on_approval', '20000.00', omar._id],
      [third!.id, 'closed', 'no_sale', null, null],
    ]);
    // The seller declines now (through the API): the on-approval lot does not expire under a later spec's clock.
    await api.send('POST', `/lots/${second!.id}/approval`, { decision: 'decline', note: 'Below what the seller takes.' });
  });

  test('a Live lane takes floor and absentee bids and the clerk sells to the floor, then to an absentee member', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const aisha = await createBuyer(api);
    const omar = await createBuyer(api);
    const sale = await createLiveSale(api, stamp, { type: 'Live', vehicles: [0, 1].map(() => ({ opening: OPENING, reserve: '21000.00' })) });
    const [first, second] = await eventLots(api, sale.eventId);
    await absenteeBid(api, first!.id, aisha._id, '21500.00');
    await absenteeBid(api, second!.id, omar._id, '23000.00');
    const [lot1, lot2] = sale.vehicles.map((vehicle) => lotLabel(vehicle.vehicleLotNumber));
    await moveClock(api, saleTime(sale, 30));

    await page.goto(`/auction-events/${sale.eventId}/lanes/A/console`);
    await expect(page.getByRole('heading', { name: 'Lane A console' })).toBeVisible();
    await expect(page.getByRole('heading', { name: sale.vehicles[0]!.title, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Absentee maxima (staff only)' })).toHaveText(`Khalid ${aisha.lastName} · up to AED 21,500.00`);
    await expect(page.getByRole('region', { name: 'Next lots' })).toContainText(lot2!);
    const panel = page.getByLabel('Current lot');
    const ladder = page.getByRole('list', { name: 'Bid ladder' });

    // Opened, Aisha's maximum leads at the opening price.
    await page.getByRole('button', { name: 'Open lot' }).click();
    const floorBid = page.getByRole('button', { name: 'Floor bid at AED 20,500.00' });
    await expect(floorBid).toBeEnabled();
    await expect(statistic(panel, 'Current price')).toHaveText('AED 20,000.00');
    await expect(panel.getByText(`Khalid ${aisha.lastName}`, { exact: true })).toBeVisible();

    // A floor bid at the asking price: her maximum answers one step above.
    await floorBid.click();
    await expect(statistic(panel, 'Current price')).toHaveText('AED 21,000.00');
    await expect(statistic(panel, 'Asking price')).toHaveText('AED 21,500.00');
    await expect(panel.getByText('Absentee', { exact: true })).toBeVisible();
    await consoleReady(page);

    // F (the focus off the buttons): a floor bid equal to her maximum loses to it.
    await page.getByRole('button', { name: 'Floor bid at AED 21,500.00' }).blur();
    await page.keyboard.press('f');
    await expect(statistic(panel, 'Current price')).toHaveText('AED 21,500.00');
    await expect(statistic(panel, 'Asking price')).toHaveText('AED 22,000.00');
    await expect(panel.getByText(`Khalid ${aisha.lastName}`, { exact: true })).toBeVisible();
    await consoleReady(page);
    await page.keyboard.press('f');
    await expect(statistic(panel, 'Current price')).toHaveText('AED 22,000.00');
    await expect(panel.getByText('Floor', { exact: true }).first()).toBeVisible();
    // The ladder, newest first: each floor bid, and her maximum's automatic answers.
    const hers = `Absentee · Khalid ${aisha.lastName}`;
    await expect(ladder.getByRole('listitem')).toHaveCount(6);
    await expect(ladder.getByRole('listitem')).toContainText([
      'AED 22,000.00 · Floor · Floor',
      `AED 21,500.00 · ${hers}automatic`,
      'AED 21,500.00 · Floor · Floor',
      `AED 21,000.00 · ${hers}automatic`,
      'AED 20,500.00 · Floor · Floor',
      `AED 20,000.00 · ${hers}`,
    ]);

    // H: sold to the floor; the clerk names the buyer from the room, the hammer price filled in.
    await consoleReady(page);
    await page.keyboard.press('h');
    const naming = page.getByText(`Name the buyer of ${lot1}`, { exact: true });
    await expect(naming).toBeVisible();
    await expect(page.getByLabel('Hammer price (AED)')).toHaveValue('22000.00');
    await page.getByRole('combobox', { name: 'Buyer' }).click();
    await page.keyboard.type(omar.lastName);
    await page.getByRole('option', { name: new RegExp(`^Khalid ${omar.lastName} · `) }).click();
    await page.getByRole('button', { name: 'Sold', exact: true }).click();
    await expect(toast(page, `${lot1} sold to Khalid ${omar.lastName} for AED 22,000.00`)).toBeVisible();

    // The second lot: Omar's maximum leads at the opening price, below the reserve; Sold is refused in the server's
    // words and the lot stays open.
    await expect(page.getByRole('heading', { name: sale.vehicles[1]!.title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Open lot' }).click();
    await expect(floorBid).toBeEnabled();
    await expect(statistic(panel, 'Current price')).toHaveText('AED 20,000.00');
    await page.keyboard.press('h');
    await expect(page.getByRole('alert').filter({ hasText: `${lot2}: The price AED 20,000.00 is below the reserve AED 21,000.00: send it to approval or close it as no sale.` })).toBeVisible();
    expect((await eventLots(api, sale.eventId))[1]!.state).toBe('open');
    await consoleReady(page);

    // A floor bid: his maximum answers at the reserve; H sells to him without naming anybody.
    await page.keyboard.press('f');
    await expect(statistic(panel, 'Current price')).toHaveText('AED 21,000.00');
    await expect(panel.getByText(`Khalid ${omar.lastName}`, { exact: true })).toBeVisible();
    await consoleReady(page);
    await page.keyboard.press('h');
    await expect(page.getByText('Every lot of lane A is closed.')).toBeVisible();

    const lots = await eventLots(api, sale.eventId);
    expect(lots.map((lot) => [lot.result, lot.price, lot.leaderSource, lot.leader?.id ?? null])).toEqual([
      ['sold', '22000.00', 'floor', null],
      ['sold', '21000.00', 'absentee', omar._id],
    ]);
    // Both sales are the event's results: the floor's to the member named, the absentee's to its member.
    await page.goto(`/auction-events/${sale.eventId}`);
    await expect(rowOf(page, lot1!)).toContainText(`Sold to Khalid ${omar.lastName}`);
    await expect(rowOf(page, lot1!)).toContainText('AED 22,000.00'); // the Hammer column
    await expect(rowOf(page, lot2!)).toContainText(`Sold to Khalid ${omar.lastName}`);
    await expect(rowOf(page, lot2!)).toContainText('AED 21,000.00');
  });

  test("the seller's acceptance of an on-approval lot sells it to the highest bidder, with the buyer's invoice", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const aisha = await createBuyer(api);
    const sale = await createLiveSale(api, stamp, { type: 'Live', vehicles: [{ opening: OPENING, reserve: '25000.00' }] });
    const [lot] = await eventLots(api, sale.eventId);
    const vehicle = sale.vehicles[0]!;
    const name = `${lotLabel(vehicle.vehicleLotNumber)} · ${vehicle.title}`;
    await absenteeBid(api, lot!.id, aisha._id, '22000.00');
    await moveClock(api, saleTime(sale, 30));
    await openLot(api, lot!.id);
    expect((await closeLot(api, lot!.id, 'approval')).result).toBe('on_approval');

    // Auctions → On approval: the lot waits for its seller, Aisha's bid below the reserve.
    await page.goto('/dashboard');
    await openOnApproval(page);
    const row = page.getByRole('table', { name: 'Lots on approval' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`Majid ${sale.seller.lastName}`);
    await expect(row).toContainText(`Khalid ${aisha.lastName}`);
    await expect(row).toContainText('AED 20,000.00');
    await expect(row).toContainText('AED 25,000.00');
    await expect(row).toContainText('No answer yet');

    // The seller accepts: staff record it, asked first.
    await row.getByRole('button', { name: `Accept the highest bid on ${name}` }).click();
    const ask = await dialog(page, `Sell ${name} to Khalid ${aisha.lastName} for AED 20,000.00?`);
    await ask.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(toast(page, `${name} is sold to Khalid ${aisha.lastName} for AED 20,000.00.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByLabel('Which lots').getByText('Answered', { exact: true }).click();
    await expect(row).toContainText('Accepted: sold');

    // The sale is the event's result and the buyer's invoice is issued.
    await page.goto(`/auction-events/${sale.eventId}`);
    await expect(rowOf(page, lotLabel(vehicle.vehicleLotNumber))).toContainText(`Sold to Khalid ${aisha.lastName}`);
    await expect(rowOf(page, lotLabel(vehicle.vehicleLotNumber))).toContainText('AED 20,000.00'); // the Hammer column
    await openMoneyScreen(page, 'Invoices');
    await searchList(page, 'Search invoices', String(vehicle.vehicleLotNumber));
    const invoice = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: lotLabel(vehicle.vehicleLotNumber) });
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toContainText(`Khalid ${aisha.lastName}`);
    await expect(invoice).toContainText('Unpaid');
    const number = invoice.getByRole('link', { name: /^INV-\d{4}-\d{6}$/ });
    const invoiceNo = (await number.textContent()) ?? '';
    await number.click();
    const lines = invoiceDrawer(page, invoiceNo).getByRole('table', { name: 'Invoice lines' });
    await expect(lines.getByRole('row').filter({ hasText: name })).toContainText('AED 20,000.00');
  });
});
