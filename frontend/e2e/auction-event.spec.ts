import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { createBuyer, moveClock } from './support/money';
import { addDays, createApprovedVehicles, createAuction, createLocation, firstThursday, isoDay, openAuctionScreen, shownDay } from './support/auctions';
import { signIn } from './support/auth';
import { seeAndCloseToast } from './support/members';
import { pickOption, rowOf, searchAndPick, searchList, toast } from './support/lists';
import { consoleReady, statistic } from './support/live';
import { dialog } from './support/ui';
import { openVehicleList } from './support/vehicles';

/*
 * Issue 11, the event page and the lane clerk's console: a weekly Live auction of two lanes and three events (made
 * through the API) gets four approved vehicles on its first event's page, two per lane; one moves to the second event,
 * keeping its lane;
 * the auction is published and the clock moves to the sale day; in the live consoles the clerks open each lot, take
 * floor bids (F) and sell two on the floor (H), naming the buyer from the room, and pass one as a no-sale; the sold
 * ones are under Sold vehicles with buyer and price, the no-sale one is back among the unassigned approved vehicles;
 * the event is completed.
 */

/** The row of the event page's table showing this lot. */
function lotRow(page: Page, lot: string): Locator {
  return rowOf(page, lot).filter({ has: page.getByRole('link', { name: lot, exact: true }) });
}

/** Opens 'Add vehicles', finds the spec's vehicles by their stamp, ticks these lots and adds them to a lane. */
async function addToLane(page: Page, stamp: string, lots: string[], lane: string): Promise<void> {
  await page.getByRole('button', { name: 'Add vehicles' }).click();
  const add = await dialog(page, 'Add vehicles to the event');
  const search = add.getByRole('searchbox', { name: 'Search unassigned vehicles' });
  await search.fill(stamp);
  await search.press('Enter');
  for (const lot of lots) await add.getByRole('checkbox', { name: `Select ${lot}`, exact: true }).check();
  await pickOption(page, add.getByRole('combobox', { name: 'Lane' }), `Lane ${lane} (0 vehicles)`);
  await add.getByRole('button', { name: `Add ${lots.length} vehicles` }).click();
  await seeAndCloseToast(page, `${lots.length} vehicles added to the event.`);
  await expect(add).toBeHidden();
}

/**
 * In a lane's console: opens the lot on the block and takes floor bids with F, one at a time, each at the asking
 * price (`prices`, as the console shows them without 'AED' and fils).
 */
async function floorBids(page: Page, prices: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Open lot' }).click();
  await expect(page.getByRole('button', { name: `Floor bid at AED ${prices[0]}.00` })).toBeEnabled();
  for (const price of prices) {
    await page.keyboard.press('f');
    await expect(statistic(page.getByLabel('Current lot'), 'Current price')).toHaveText(`AED ${price}.00`);
    await consoleReady(page);
  }
}

/** In a lane's console, the vehicle on the block (its title is the console's second heading). */
function onTheBlock(page: Page, title: string): Locator {
  return page.getByRole('heading', { name: title, exact: true });
}

test.describe('auction event and lane console', () => {
  let api: Api | undefined;

  test.afterEach(async () => {
    // The clock of the shared backend goes back to the real time for the specs that follow.
    if (api) await moveClock(api);
  });

  test('vehicles placed in two lanes, one moved to the next event, two sold and one not sold on sale day, the event completed', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const yard = await createLocation(api, `Al Quoz Yard ${stamp}`);
    const cars = await createApprovedVehicles(api, 4, `Patrol ${stamp}`);
    const [first, second, third, fourth] = cars.map((car) => `Lot ${car.vehicleLotNumber}`) as [string, string, string, string];
    const buyer = await createBuyer(api);
    const saleDay = firstThursday(1);
    const title = `Dubai Thursday Live Sale ${stamp}`;
    const auction = await createAuction(api, { title, location: yard._id, lanes: 2, repeatType: 'Weekly', day: saleDay, repeatUntil: addDays(saleDay, 14) });
    expect(auction.data.eventCount).toBe(3);
    const events = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;

    // The first event's page: its details, then two vehicles into each lane.
    await page.goto(`/auction-events/${events[0]!._id}`);
    await expect(page.getByRole('heading', { name: `${title} · ${shownDay(saleDay)}` })).toBeVisible();
    await expect(page.getByText(`${shownDay(saleDay)} 16:00`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Al Quoz Yard ${stamp}, Al Quoz`)).toBeVisible();
    await addToLane(page, stamp, [first, second], 'A');
    await addToLane(page, stamp, [third, fourth], 'B');
    await expect(page.getByRole('tab', { name: 'Lane A · runs 1–2 · 2 vehicles' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Lane B · runs 1–2 · 2 vehicles' })).toBeVisible();

    // The fourth moves to the second event (a week later), picked by auction, then event, keeping its lane (B).
    await lotRow(page, fourth).getByRole('button', { name: `Transfer ${fourth}` }).click();
    const transfer = await dialog(page, `Transfer ${fourth}`);
    await searchAndPick(page, transfer.getByRole('combobox', { name: 'Auction' }), stamp, `${title} · Al Quoz Yard ${stamp}`);
    const nextWeek = shownDay(addDays(saleDay, 7));
    await pickOption(page, transfer.getByRole('combobox', { name: 'Event' }), `${nextWeek} 16:00 · Draft · 0 vehicles`);
    await pickOption(page, transfer.getByRole('combobox', { name: 'Lane' }), 'Keep their lanes and order');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expect(toast(page, `1 vehicle moved to the event of ${nextWeek}.`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Lane B · runs 1–1 · 1 vehicle' })).toBeVisible();
    await expect(lotRow(page, fourth)).toHaveCount(0);

    // Published from the Draft list's status dropdown, and sale day comes (30 minutes into the event).
    await openAuctionScreen(page, 'Draft');
    await searchList(page, 'Search auctions', stamp);
    // Publishing asks first, with what bidders will see: each event's lanes, the empty ones named.
    await pickOption(page, page.getByRole('combobox', { name: `Change status of ${title}` }), 'Publish');
    const publish = await dialog(page, `Publish ${title}?`);
    await expect(publish).toContainText(`${title} · 3 events`);
    await expect(publish).toContainText(`${shownDay(saleDay)}: 3 vehicles: Lane A 2 vehicles · Lane B 1 vehicle`);
    await expect(publish).toContainText(`${nextWeek}: 1 vehicle: Lane A 0 vehicles · Lane B 1 vehicle Lane A is empty.`);
    await expect(publish).toContainText(`${shownDay(addDays(saleDay, 14))}: no vehicles; this event stays a draft`);
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, '1 auction published.')).toBeVisible();
    await moveClock(api, new Date(`${isoDay(saleDay)}T16:30:00+04:00`));

    // Lane A: the first lot opened, three floor bids (F) to AED 86,000 and H: sold on the floor. The clerk names the
    // buyer from the keyboard alone (the hammer price filled, Enter to the buyer, Enter to pick, Enter to sell).
    await page.goto(`/auction-events/${events[0]!._id}`);
    await page.getByRole('link', { name: /Lane A console$/ }).click();
    await expect(page.getByRole('heading', { name: 'Lane A console' })).toBeVisible();
    await expect(onTheBlock(page, `Patrol ${stamp} 1`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next lots' })).toContainText(second);
    await floorBids(page, ['85,000', '85,500', '86,000']);
    await page.keyboard.press('h');
    await expect(page.getByText(`Name the buyer of ${first}`, { exact: true })).toBeVisible();
    const price = page.getByLabel('Hammer price (AED)');
    const buyerBox = page.getByRole('combobox', { name: 'Buyer' });
    await expect(price).toBeFocused();
    await expect(price).toHaveValue('86000.00');
    await page.keyboard.press('Enter');
    await expect(buyerBox).toBeFocused();
    await page.keyboard.type(buyer.lastName);
    // Enter takes the active option once the search of the whole name has answered (a slower machine shows the
    // answers of the first letters before it): wait until Khalid is the active option.
    const khalid = page.getByRole('option', { name: new RegExp(`^Khalid ${buyer.lastName} · `) });
    await expect(khalid).toBeVisible();
    await expect(page.locator('.ant-select-item-option-active')).toContainText(`Khalid ${buyer.lastName}`);
    await page.keyboard.press('Enter');
    await expect(price).toBeFocused();
    await expect(page.getByText('Available buying power AED 500,000.00', { exact: true })).toBeVisible();
    await page.keyboard.press('Enter');

    // The next one is up at once, waiting, and the sale toasted. Opened, one floor bid, then No sale: the question
    // opens on 'Back', so Enter passes nothing; asked again and confirmed, the lot closes as a no-sale.
    await expect(onTheBlock(page, `Patrol ${stamp} 2`)).toBeVisible();
    await expect(toast(page, `${first} sold to Khalid ${buyer.lastName} for AED 86,000.00`)).toBeVisible();
    await expect(page.getByText('AED 86,000.00', { exact: true })).toBeVisible();
    await floorBids(page, ['85,000']);
    await page.getByRole('button', { name: 'No sale', exact: true }).click();
    const pass = await dialog(page, `No sale for ${second}?`);
    await expect(pass).toContainText(`${second} has a bid of AED 85,000.00. Close it as a no-sale anyway?`);
    await expect(pass.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pass).toBeHidden();
    await expect(page.getByRole('button', { name: 'Floor bid at AED 85,500.00' })).toBeEnabled();
    await page.getByRole('button', { name: 'No sale', exact: true }).click();
    await (await dialog(page, `No sale for ${second}?`)).getByRole('button', { name: 'Close as no sale' }).click();
    await expect(page.getByText('Every lot of lane A is closed.')).toBeVisible();

    // Lane B: two floor bids and H; the buyer named first (B, out of the price field), then Sold.
    await page.goto(`/auction-events/${events[0]!._id}/lanes/B/console`);
    await expect(onTheBlock(page, `Patrol ${stamp} 3`)).toBeVisible();
    await floorBids(page, ['85,000', '85,500']);
    await page.keyboard.press('h');
    await expect(price).toBeFocused();
    await expect(price).toHaveValue('85500.00');
    await price.blur();
    await page.keyboard.press('b');
    await expect(buyerBox).toBeFocused();
    await page.keyboard.type(buyer.lastName);
    await page.getByRole('option', { name: new RegExp(`^Khalid ${buyer.lastName} · `) }).click();
    await expect(price).toBeFocused();
    await page.getByRole('button', { name: 'Sold', exact: true }).click();
    await expect(page.getByText('Every lot of lane B is closed.')).toBeVisible();
    await expect(page.getByText('AED 85,500.00', { exact: true })).toBeVisible();

    // Sold vehicles: the two sold ones with their buyer and price.
    await openVehicleList(page, 'Sold');
    await searchList(page, 'Search vehicles', stamp);
    const sold = page.getByRole('table', { name: 'Sold vehicles' });
    await expect(sold.getByRole('row').filter({ hasText: stamp })).toHaveCount(2);
    await expect(rowOf(page, first)).toContainText(`Khalid ${buyer.lastName}`);
    await expect(rowOf(page, first)).toContainText('AED 86,000.00');
    await expect(rowOf(page, third)).toContainText(`Khalid ${buyer.lastName}`);
    await expect(rowOf(page, third)).toContainText('AED 85,500.00');

    // The event page: the results, the not-sold one back among the unassigned approved vehicles, then completion.
    await page.goto(`/auction-events/${events[0]!._id}`);
    await expect(page.getByText('3 of 3 recorded')).toBeVisible();
    await expect(page.getByText('2 sold · AED 171,500.00')).toBeVisible();
    await expect(lotRow(page, first)).toContainText(`Sold to Khalid ${buyer.lastName}`);
    await expect(lotRow(page, first)).toContainText('AED 86,000.00'); // the Hammer column
    await expect(lotRow(page, second)).toContainText('No sale');
    await page.getByRole('button', { name: 'Add vehicles' }).click();
    const unassigned = await dialog(page, 'Add vehicles to the event');
    await unassigned.getByRole('searchbox', { name: 'Search unassigned vehicles' }).fill(stamp);
    await unassigned.getByRole('searchbox', { name: 'Search unassigned vehicles' }).press('Enter');
    await expect(unassigned.getByRole('checkbox', { name: `Select ${second}`, exact: true })).toBeVisible();
    await expect(unassigned.getByRole('row').filter({ hasText: stamp })).toHaveCount(1);
    await unassigned.getByRole('button', { name: 'Cancel' }).click();
    await expect(unassigned).toBeHidden();

    await page.getByRole('button', { name: 'Complete event' }).click();
    const complete = await dialog(page, 'Complete the event?');
    await expect(complete).toContainText('Every vehicle has its result: 2 of 3 sold.');
    await complete.getByRole('button', { name: 'Complete event' }).click();
    await expect(toast(page, 'The event is completed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add vehicles' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Complete event' })).toBeHidden();

    // The calendar shows the auction's three events: the first completed, the second (holding the transferred
    // vehicle) published with its auction, the third still a draft (publishing takes only events with vehicles).
    await openAuctionScreen(page, 'Calendar');
    await page.getByRole('button', { name: 'Next month' }).click();
    const shown = page.getByRole('link', { name: new RegExp(title) });
    await expect(shown).toHaveCount(3);
    await expect(shown.nth(0).locator(`[title^="${title}: "]`)).toHaveAttribute('title', /: Completed at /);
    await expect(shown.nth(1).locator(`[title^="${title}: "]`)).toHaveAttribute('title', /: Published at .*, 1 vehicle$/);
    await expect(shown.nth(2).locator(`[title^="${title}: "]`)).toHaveAttribute('title', /: Draft at .*, 0 vehicles$/);
  });
});
