import { expect, test } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { bidAsking, bidderFigure, bidderLivePanel, createBidder, phonePage, signInBidder } from './support/bidder';
import { consoleReady, createLiveSale, eventLots, saleTime, statistic } from './support/live';
import { moveClock } from './support/money';

/*
 * Issue 26, members bid online, in Chromium: two members on their phones (390 px wide, each a browser context of
 * their own) and the clerk at the lane console in a third. The sale (a Live auction whose event has started, one
 * vehicle in lane A, opening AED 20,000, reserve AED 21,000, steps of AED 500) and the members (approved, with
 * paid deposits and email addresses) are made through the API; the server's clock is moved to the sale day.
 *  - Aisha signs in by the code mailed to her and leaves a maximum of AED 21,000 while the lot waits; she reads the
 *    rest in Arabic (right to left).
 *  - The clerk opens the lot: her maximum leads at the opening price. Omar bids AED 20,500 from the lot page and is
 *    outbid at once by her maximum (AED 21,000); he bids again (AED 21,500, above her maximum) and leads; her page
 *    says she is outbid.
 *  - The console's bid ladder shows every online bid with the member's name; the clerk sells with H. Omar's lot
 *    says he won, Aisha's that she lost, and his purchases hold the invoice the sale issued.
 */

const LIVE_PAUSED = 'Live updates paused: the page refreshes every few seconds.';

test.describe('the bidder page', () => {
  let api: Api | undefined;

  test.afterEach(async () => {
    // The clock of the shared backend goes back to the real time for the specs that follow.
    if (api) await moveClock(api);
  });

  test('two members bid online against each other, one by a maximum left before the sale, and the clerk sells to the other', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const aisha = await createBidder(api);
    const omar = await createBidder(api);
    const sale = await createLiveSale(api, stamp, { type: 'Live', vehicles: [{ opening: '20000.00', reserve: '21000.00' }] });
    const [lot] = await eventLots(api, sale.eventId);
    const vehicle = sale.vehicles[0]!;
    // The event has started (16:30 on the sale day); the lot waits for the clerk.
    await moveClock(api, saleTime(sale, 30));

    // Aisha, on her phone, signs in by code and leaves her maximum on the waiting lot.
    const her = await phonePage(browser, baseURL);
    await signInBidder(her, aisha);
    await her.goto(`/bid/lots/${lot!.id}`);
    await expect(her.getByRole('heading', { name: vehicle.title, exact: true })).toBeVisible();
    const herPanel = bidderLivePanel(her);
    await expect(herPanel).toContainText('Not open yet');
    await expect(herPanel).toContainText('Bidding has not started');
    // Live over the bidder socket (the banner shows only while it is away and the page polls instead).
    await expect(her.getByText(LIVE_PAUSED, { exact: true })).toBeHidden();
    await her.getByLabel('Maximum (AED)').fill('21000');
    await her.getByRole('button', { name: 'Set maximum' }).click();
    await expect(her.getByText('Your maximum of AED 21,000.00 is set.', { exact: true })).toBeVisible();
    await expect(her.getByText('Your maximum: AED 21,000.00', { exact: true })).toBeVisible();

    // She switches the page to Arabic: right to left, every label in Arabic.
    await her.getByRole('radiogroup', { name: 'Language' }).getByText('العربية', { exact: true }).click();
    await expect(her.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(her.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(her.locator('.bidder-root')).toHaveAttribute('dir', 'rtl');
    await expect(her.getByRole('heading', { name: 'أقصى مزايدة لي' })).toBeVisible();
    await expect(herPanel).toContainText('لم تبدأ المزايدة بعد');

    // The clerk opens the lot: her maximum leads at the opening price, an online bid.
    await page.goto(`/auction-events/${sale.eventId}/lanes/A/console`);
    await expect(page.getByRole('heading', { name: 'Lane A console' })).toBeVisible();
    await expect(page.getByRole('heading', { name: vehicle.title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Open lot' }).click();
    const console_ = page.getByLabel('Current lot');
    await expect(page.getByRole('button', { name: 'Floor bid at AED 20,500.00' })).toBeEnabled();
    await expect(statistic(console_, 'Current price')).toHaveText('AED 20,000.00');
    // An online bidder reads with the paddle their first sign-in gave them.
    await expect(console_.getByText(new RegExp(`^Khalid ${aisha.lastName} · paddle \\d+$`))).toBeVisible();
    await expect(console_.getByText('Online', { exact: true })).toBeVisible();
    // Her page follows live: she leads.
    await expect(herPanel).toContainText('في الصدارة');
    await expect(herPanel).toContainText('أنت صاحب أعلى مزايدة');

    // Omar, on his phone, bids the asking price from the lot page: her maximum answers one step above.
    const his = await phonePage(browser, baseURL);
    await signInBidder(his, omar);
    await his.goto(`/bid/lots/${lot!.id}`);
    const hisPanel = bidderLivePanel(his);
    await expect(his.getByText(LIVE_PAUSED, { exact: true })).toBeHidden();
    await expect(hisPanel).toContainText('Open for bids');
    await expect(hisPanel).toContainText('Another bidder leads');
    await expect(bidderFigure(hisPanel, 'Current bid')).toHaveText('AED 20,000.00');
    await bidAsking(his, '20,500.00');
    await expect(hisPanel).toContainText('Outbid');
    await expect(bidderFigure(hisPanel, 'Current bid')).toHaveText('AED 21,000.00');
    await expect(bidderFigure(hisPanel, 'Asking price')).toHaveText('AED 21,500.00');
    await expect(hisPanel).toContainText('Another bidder leads');

    // He bids again, above her maximum, and leads; her page says she is outbid (in Arabic, then in English).
    await bidAsking(his, '21,500.00');
    await expect(hisPanel).toContainText('Leading');
    await expect(hisPanel).toContainText('You are the highest bidder');
    await expect(bidderFigure(hisPanel, 'Current bid')).toHaveText('AED 21,500.00');
    await expect(his.locator('ul.bidder-my-bids > li')).toHaveCount(2);
    await expect(herPanel).toContainText('تم تجاوز مزايدتك');
    await expect(herPanel).toContainText('مزايد آخر في الصدارة');
    await her.getByRole('radiogroup', { name: 'اللغة' }).getByText('English', { exact: true }).click();
    await expect(her.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(herPanel).toContainText('Outbid');
    await expect(herPanel).toContainText('Another bidder leads');

    // The clerk's console: both members' online bids on the ladder, newest first, her maximum's answers automatic.
    await expect(statistic(console_, 'Current price')).toHaveText('AED 21,500.00');
    await expect(console_.getByText(new RegExp(`^Khalid ${omar.lastName} · paddle \\d+$`))).toBeVisible();
    const ladder = page.getByRole('list', { name: 'Bid ladder' });
    await expect(ladder.getByRole('listitem')).toHaveCount(4);
    await expect(ladder.getByRole('listitem')).toContainText([
      `AED 21,500.00 · Online · Khalid ${omar.lastName} · paddle`,
      `AED 21,000.00 · Online · Khalid ${aisha.lastName} · paddle`,
      `AED 20,500.00 · Online · Khalid ${omar.lastName} · paddle`,
      `AED 20,000.00 · Online · Khalid ${aisha.lastName} · paddle`,
    ]);

    // H: sold to Omar at his bid, above the reserve; nobody to name.
    await consoleReady(page);
    await page.getByRole('button', { name: 'Withdraw lot', exact: true }).blur();
    await page.keyboard.press('h');
    await expect(page.getByText('Every lot of lane A is closed.')).toBeVisible();
    const [closed] = await eventLots(api, sale.eventId);
    expect([closed!.result, closed!.price, closed!.leaderSource, closed!.leader?.id]).toEqual(['sold', '21500.00', 'online', omar._id]);

    // Omar's lot says he won; Aisha's that she lost.
    await expect(hisPanel).toContainText('Sold');
    await expect(hisPanel).toContainText('Won');
    await expect(hisPanel).toContainText('Bidding on this lot has ended.');
    await expect(hisPanel.getByRole('button', { name: /^Bid / })).toHaveCount(0);
    await expect(herPanel).toContainText('Lost');

    // The sale issued his invoice: his purchases show it, with what he owes.
    await his.getByRole('link', { name: 'Purchases', exact: true }).click();
    await expect(his.getByRole('heading', { name: 'My purchases' })).toBeVisible();
    const bought = his.locator('section.bidder-panel').filter({ hasText: vehicle.title });
    await expect(bought).toContainText('Bought for AED 21,500.00');
    await expect(bought).toContainText(/Invoice INV-\d{4}-\d{6}/);
    await expect(bought).toContainText('Due AED ');
    await expect(his.getByText(/^You owe AED [\d,]+\.\d{2}$/)).toBeVisible();

    await her.context().close();
    await his.context().close();
  });
});
