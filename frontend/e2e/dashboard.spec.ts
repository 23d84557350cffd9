import { expect, test } from '@playwright/test';
import { apiAs, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { searchList } from './support/lists';
import { moveClock, sellVehicle } from './support/money';

/*
 * Issue 15, the dashboard's Today: a sale (through the API) whose invoice is not paid by its due time falls overdue
 * when the backend's clock is moved past it (the move answers once the clock jobs have run); the dashboard's
 * 'Overdue invoices' figure counts it with what is owed, and a click opens the invoice list filtered on overdue,
 * where the sale's invoice is.
 */

interface CountAndAmount {
  count: number;
  amount: number;
}

const aed = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.describe('dashboard', () => {
  let api: Api | undefined;

  // The shared backend's clock goes back to the real time.
  test.afterEach(async () => {
    if (api) await moveClock(api);
  });

  test("the dashboard's overdue figure opens the overdue invoices", async ({ page }) => {
    // The clock's move answers once the backend's clock jobs have run as of the new time: the invoice is overdue.
    await signIn(page);
    api = await apiAs(page);
    const stamp = uniqueStamp();
    const sale = await sellVehicle(api, stamp, 25000);
    const lot = String(sale.vehicle.vehicleLotNumber);
    // Three days after the sale day: the 48 hours to pay have passed.
    const saleMorning = new Date(`${sale.saleDay}T10:00:00+04:00`);
    await moveClock(api, new Date(saleMorning.getTime() + 3 * 24 * 3600 * 1000));
    const overdue = await api.send<{ data: { status: string }[] }>('POST', '/invoices/get', { vehicleId: sale.vehicle._id, status: 'overdue' });
    expect(overdue.data.map((invoice) => invoice.status)).toEqual(['overdue']);
    const { today } = await api.send<{ today: { invoicesOverdue: CountAndAmount } }>('GET', '/dashboard/summary');

    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'Today' });
    const figure = figures.getByRole('link', { name: /^Overdue invoices/ });
    await expect(figure).toContainText(`Overdue invoices${today.invoicesOverdue.count}AED ${aed.format(today.invoicesOverdue.amount)}`);
    expect(today.invoicesOverdue.count).toBeGreaterThanOrEqual(1);

    await figure.click();
    await expect(page).toHaveURL(/\/invoice-management\?status=overdue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await searchList(page, 'Search invoices', lot);
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: new RegExp(`Lot ${lot}\\b`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Overdue');
    await expect(row).toContainText(`Khalid ${sale.buyer.lastName}`);
    await expect(page).toHaveURL(/status=overdue/);
  });
});
