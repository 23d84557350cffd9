import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, uniqueStamp } from './support/api';
import { addDays, createAuction, createLocation, firstThursday, openAuctionScreen, shownDay, typeDateTime, type Day } from './support/auctions';
import { signIn } from './support/auth';
import { pickOption, searchAndPick, searchList, selectRows, toast } from './support/lists';
import { dialog } from './support/ui';

/*
 * Issue 11, the auction lists: a weekly Live auction with two lanes and three events is made in the 'Add auction'
 * dialog (its preview shows the three events first), found in Draft with its events unfolded under it; a second
 * draft is deleted after confirmation; the calendar shows the three events at their yard.
 */

/** 'January 2027', as the calendar's heading names a month. */
function monthTitle(day: Day): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(day.year, day.month - 1, 1)));
}

/** The list's row of an auction (not the row of its unfolded events, which names it too). */
function auctionRow(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${title}`, exact: true }) });
}

/** 'Thu 07/01/2027, 16:00-20:00', as the preview and the events list show an event. */
const eventText = (day: Day) => `Thu ${shownDay(day)}, 16:00-20:00`;

test.describe('auction lists', () => {
  test('add a weekly Live auction with its preview, find it and its events in Draft, delete another draft, see the events in the calendar', async ({ page }) => {
    // Three screens, a dialog of ten fields and a dozen server round trips: room on a busy machine.
    test.setTimeout(150_000);
    const stamp = uniqueStamp();
    const title = `Dubai Thursday Live Sale ${stamp}`;
    const other = `Sharjah Online Sale ${stamp}`;
    const yardTitle = `Al Quoz Yard ${stamp}`;
    // The first Thursday two months ahead: in the future, and its next two Thursdays fall in the same month.
    const first = firstThursday(2);
    const sales = [first, addDays(first, 7), addDays(first, 14)];

    await signIn(page);
    const api = await apiAs(page);
    const yard = await createLocation(api, yardTitle);
    await createAuction(api, { title: other, location: yard._id, auctionType: 'Online', day: addDays(first, 1) });

    await test.step('add the auction, seeing the events it will create', async () => {
      await openAuctionScreen(page, 'Draft');
      await page.getByRole('button', { name: 'Add auction' }).click();
      const add = await dialog(page, 'Add auction');
      await add.getByLabel('Title').fill(title);
      await expect(add.getByRole('radio', { name: 'Live' })).toBeChecked();
      await searchAndPick(page, add.getByRole('combobox', { name: 'Location' }), stamp, `${yardTitle} (Al Quoz)`);
      await pickOption(page, add.getByRole('combobox', { name: 'Lanes' }), '2 lanes');
      // A negative increment stays as typed and says why (it never becomes 0.00).
      await add.getByLabel('Bid increment').fill('-100');
      await expect(add.getByText('An amount cannot be negative.')).toBeVisible();
      await expect(add.getByLabel('Bid increment')).toHaveValue('-100');
      await add.getByLabel('Bid increment').fill('500');
      await expect(add.getByText('An amount cannot be negative.')).toBeHidden();
      await pickOption(page, add.getByRole('combobox', { name: 'Repeats' }), 'Weekly');
      await typeDateTime(add.getByLabel('First event starts'), `${shownDay(first)} 16:00`);
      await typeDateTime(add.getByLabel('First event ends'), `${shownDay(first)} 20:00`);
      await typeDateTime(add.getByLabel('Repeats until'), shownDay(sales[2]!));

      const preview = add.getByRole('region', { name: 'Events it will create' });
      await expect(preview.getByRole('listitem')).toHaveText(sales.map(eventText));
      await expect(preview).toContainText('3 events:');

      await add.getByRole('button', { name: 'Add auction' }).click();
      await expect(toast(page, `${title} created with 3 events`)).toBeVisible();
      await expect(add).toBeHidden();
    });

    await test.step('find it in Draft and unfold its three events', async () => {
      await searchList(page, 'Search auctions', stamp);
      const row = auctionRow(page, title);
      await expect(row).toContainText(yardTitle);
      await expect(row).toContainText('Weekly');
      await expect(row).toContainText('AED 500.00');
      await expect(row).toContainText('Draft');

      await page.getByRole('button', { name: `Show events of ${title}` }).click();
      const events = page.getByRole('table', { name: `Events of ${title}` });
      for (const sale of sales) {
        const event = events.getByRole('row', { name: new RegExp(eventText(sale)) });
        await expect(event).toContainText('Draft');
        await expect(event).toContainText('A: 0 vehicles');
        await expect(event).toContainText('B: 0 vehicles');
        await expect(event.getByRole('link', { name: `Open the event of ${eventText(sale)}` })).toHaveAttribute('href', /^\/auction-events\/[\w-]+$/);
      }
      await expect(events.getByRole('row')).toHaveCount(4);
    });

    await test.step('delete the other draft after confirming', async () => {
      const bulk = await selectRows(page, [other]);
      await bulk.getByRole('button', { name: 'Delete selected' }).click();
      const ask = await dialog(page, 'Delete auctions');
      await expect(ask).toContainText('Delete the selected auction and its events?');
      await ask.getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, '1 auction deleted.')).toBeVisible();
      await expect(auctionRow(page, other)).toHaveCount(0);
      await expect(auctionRow(page, title)).toBeVisible();
    });

    await test.step('see the three events in the calendar, at their yard', async () => {
      await openAuctionScreen(page, 'Calendar');
      for (let n = 0; n < 2; n += 1) await page.getByRole('button', { name: 'Next month' }).click();
      await expect(page.getByRole('heading', { name: monthTitle(first) })).toBeVisible();
      await pickOption(page, page.getByRole('combobox', { name: 'Filter by location' }), `${yardTitle} (Al Quoz)`);
      await expect(page).toHaveURL(new RegExp(`location=${yard._id}`));

      const shown = page.getByRole('link', { name: new RegExp(title) });
      await expect(shown).toHaveCount(3);
      for (let n = 0; n < 3; n += 1) {
        await expect(shown.nth(n)).toContainText('16:00');
        await expect(shown.nth(n)).toHaveAttribute('href', /^\/auction-events\/[\w-]+$/);
      }
      await expect(page.getByRole('link', { name: new RegExp(other) })).toHaveCount(0);
    });
  });
});
