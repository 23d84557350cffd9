import { expect, test } from '@playwright/test';
import { apiAs } from './support/api';
import { signIn } from './support/auth';
import { createApprovedSeller, createVehicle, openVehicleList, vehicleCount } from './support/vehicles';

/*
 * Issue 15, one number, one meaning: with a vehicle at each stage of review (not received, received, in
 * inspection, inspection completed), the top bar's vehicles badge, the Review list's 'Review total' card and the
 * dashboard's Review total show the same number, the inspected vehicle included; the card says what it counts,
 * and the dashboard's figures open the Review list, whole or at one stage.
 */

const CARD_HINT = "Every vehicle on this list, inspection completed included (as the top bar's badge)";

test.describe('dashboard totals', () => {
  test("the vehicles badge, the Review list's card and the dashboard count the same vehicles", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const received = { isReceived: true };
    const steps = [[], [received], [received, { isInspection: 'inInspection' }], [received, { isInspection: 'completed' }]];
    for (const stage of steps) {
      const { _id } = await createVehicle(api, seller._id);
      for (const step of stage) await api.send('PUT', `/vehicles/update-vehicle-status/${_id}`, step);
    }

    await openVehicleList(page, 'Review');
    const total = await vehicleCount(page, 'Review total');
    const stageCards = ['Pending', 'Received', 'In inspection', 'Inspection completed'];
    const counts: Record<string, number> = {};
    for (const label of stageCards) {
      counts[label] = await vehicleCount(page, label);
      expect(counts[label], `${label} counts the vehicle made at that stage`).toBeGreaterThanOrEqual(1);
    }
    // The four stages add up to the total: the inspected vehicles are counted too.
    expect(total).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    await page.getByRole('region', { name: 'Summary' }).getByRole('img', { name: CARD_HINT }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(CARD_HINT);

    await page.reload();
    const badge = page.getByRole('link', { name: `${total} vehicles waiting for review` });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(String(total));

    await page.goto('/dashboard');
    const totals = page.getByRole('region', { name: 'Totals' });
    const review = totals.getByRole('region', { name: 'Vehicles: Under review' });
    await expect(review).toContainText("Every vehicle on the Review list, inspection completed included: the top bar's badge shows the same number.");
    const figure = review.getByRole('link', { name: `Review total: ${total}` });
    await expect(figure).toBeVisible();
    for (const label of stageCards) await expect(review.getByRole('link', { name: `${label}: ${counts[label]}` })).toBeVisible();

    await review.getByRole('link', { name: `Inspection completed: ${counts['Inspection completed']}` }).click();
    await expect(page).toHaveURL(/\/un-approved-vehicles\?stage=inspectionCompleted$/);
    await expect(page.getByRole('heading', { name: 'Review vehicles', exact: true })).toBeVisible();
    await page.goBack();
    await figure.click();
    await expect(page).toHaveURL(/\/un-approved-vehicles$/);
    await expect(page.getByRole('heading', { name: 'Review vehicles', exact: true })).toBeVisible();
    expect(await vehicleCount(page, 'Review total')).toBe(total);
  });
});
