import { expect, test } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { firstThursday, shownDay } from './support/auctions';
import { signIn } from './support/auth';
import { chartCard, chartFigures, planSale } from './support/dashboard-charts';
import { moveClock } from './support/money';

/*
 * Issue 15, the dashboard's charts: two sales (through the API) on the first Thursdays of the next two months; with
 * the backend's clock on the second sale day, 'This month' shows the second sale and not the first, and the dates
 * of the first sale day show the first and not the second. Each chart's figures are read from its table, as a
 * screen reader reads them.
 */

interface SalesPerWeek {
  totalCount: number;
  totalAmount: number;
}

const aed = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.describe('dashboard charts', () => {
  let api: Api | undefined;

  // The shared backend's clock goes back to the real time.
  test.afterEach(async () => {
    if (api) await moveClock(api);
  });

  test("a chart's period changes its data", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    api = await apiAs(page);
    // High prices, so that these buyers lead the top buyers of their periods whatever other specs sold.
    const first = await planSale(api, uniqueStamp(), firstThursday(1), 460000);
    const second = await planSale(api, uniqueStamp(), firstThursday(2), 470000);
    await first.sell();
    await second.sell();
    const name = (sale: typeof first) => `Khalid ${sale.buyer.lastName}`;

    await page.goto('/dashboard');
    const sales = chartCard(page, 'Sales per week');
    await expect(sales.getByText(/How many vehicles were sold each week/)).toBeVisible();
    const buyers = chartFigures(page, 'Top buyers');
    await expect(buyers.getByRole('row', { name: new RegExp(name(second)) })).toContainText('AED 470,000.00');
    await expect(buyers.getByRole('row', { name: new RegExp(name(first)) })).toHaveCount(0);
    const month = await api.send<SalesPerWeek>('GET', '/dashboard/charts/sales-per-week?period=month');
    await expect(sales).toContainText(`${month.totalCount} sold for AED ${aed.format(month.totalAmount)}`);

    // The first sale's day alone, picked as dates: the figures are that day's.
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('Dates').click();
    await page.getByPlaceholder('First day').fill(shownDay(first.day));
    await page.getByPlaceholder('First day').press('Enter');
    await page.getByPlaceholder('Last day').fill(shownDay(first.day));
    await page.getByPlaceholder('Last day').press('Enter');
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(buyers.getByRole('row', { name: new RegExp(name(first)) })).toContainText('AED 460,000.00');
    await expect(buyers.getByRole('row', { name: new RegExp(name(second)) })).toHaveCount(0);
    const day = new URL(page.url()).searchParams;
    const oneDay = await api.send<SalesPerWeek>('GET', `/dashboard/charts/sales-per-week?${day.toString()}`);
    expect(oneDay.totalAmount).toBeGreaterThanOrEqual(460000);
    await expect(sales).toContainText(`${oneDay.totalCount} sold for AED ${aed.format(oneDay.totalAmount)}`);
    await expect(chartFigures(page, 'Sales per week').getByRole('row')).toHaveCount(2); // the header and one week

    // Back to this month: the second sale again.
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('This month').click();
    await expect(buyers.getByRole('row', { name: new RegExp(name(second)) })).toContainText('AED 470,000.00');
  });
});
