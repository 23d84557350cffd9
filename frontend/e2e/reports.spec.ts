import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { moveClock, sellVehicle } from './support/money';
import { openFromSidebar } from './support/nav';

/*
 * Issue 15, reports: a sale made through the API shows in Sales by event for its sale day (lots run, sold, hammer
 * total), and the CSV downloaded from the screen holds the same row.
 */

test.describe('reports', () => {
  let api: Api | undefined;

  test.afterEach(async () => {
    // The shared backend's clock goes back to the real time.
    if (api) await moveClock(api);
  });

  test('Sales by event shows a sale of the period, and its CSV download holds it', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const sale = await sellVehicle(api, stamp, 25000);
    const auction = `Thursday Sale ${stamp}`;

    await openFromSidebar(page, 'Reports');
    await page.goto(`/reports?dates=${sale.saleDay}..${sale.saleDay}`);
    await expect(page.getByRole('tab', { name: 'Sales by event', selected: true })).toBeVisible();
    const [year, month, day] = sale.saleDay.split('-');
    const row = page.getByRole('table', { name: 'Sales by event' }).getByRole('row').filter({ hasText: auction });
    await expect(row).toHaveCount(1);
    // The hammer total sits right after the event (issue 29: a list's key figure is next to its name), then lots run, sold, no sale.
    await expect(row).toContainText(`${day}/${month}/${year}${auction}AED 25,000.00110`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Download CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`sales-by-event-${year}${month}${day}-${year}${month}${day}.csv`);
    const path = await download.path();
    const lines = (await readFile(path, 'utf-8')).split(/\r?\n/);
    expect(lines[0]).toBe('Sale day,Auction,Lots run,Sold,No sale,Hammer total (AED),Fees (AED),VAT (AED)');
    expect(lines.find((line) => line.includes(auction))).toMatch(new RegExp(`^${day}/${month}/${year},${auction},1,1,0,25000\\.00,`));
  });
});
