import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api';
import { signIn } from './support/auth';
import { pickOption, toast } from './support/lists';
import { approveVehicle, createApprovedSeller, createVehicle } from './support/vehicles';

/*
 * Issue 10: a vehicle is received, inspected and approved from its own page, whose seller links to the member;
 * the member page keeps its tab and vehicle status in the address, so a reload opens the same view.
 */

/** Picks a step or the status on the vehicle page ('Received of Lot 1000') and waits for its toast. */
async function setStep(page: Page, name: string, option: string, answer: string | RegExp): Promise<void> {
  await pickOption(page, page.getByRole('combobox', { name }), option);
  await expect(toast(page, answer).last()).toBeVisible();
}

test.describe('vehicle page', () => {
  test('a vehicle is received, inspected and approved from its own page; its seller opens the member', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const vehicle = await createVehicle(api, seller._id, 'Toyota Land Cruiser GXR');
    const lot = `Lot ${vehicle.vehicleLotNumber}`;

    await page.goto(`/vehicles/${vehicle._id}`);
    await expect(page.getByRole('heading', { name: `${lot} · Toyota Land Cruiser GXR` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Review vehicles' })).toBeVisible();

    await setStep(page, `Received of ${lot}`, 'Received', `${lot} marked as received`);
    await setStep(page, `SVD (delivered by the seller) of ${lot}`, 'Delivered', `${lot} marked as delivered by the seller`);
    await setStep(page, `Inspection of ${lot}`, 'In Inspection', `${lot}: inspection started`);
    await setStep(page, `Inspection of ${lot}`, 'Completed', `${lot}: inspection completed`);
    await setStep(page, `Status of ${lot}`, 'Approved', '1 vehicle set to approved.');

    // The page refreshed: the vehicle is in Approved, its review steps stay in view as they ended.
    await expect(page.getByRole('link', { name: 'Approved vehicles' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Received of ${lot}` })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: `Status of ${lot}` })).toBeEnabled();

    // The seller on 'Member Information' opens the member; the tab is in the address.
    await page.getByRole('tab', { name: 'Member Information' }).click();
    await expect(page).toHaveURL(/\?tab=member$/);
    await page.getByRole('tabpanel', { name: 'Member Information' }).getByRole('link', { name: `Majid ${seller.lastName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${seller._id}$`));
    await expect(page.getByRole('heading', { name: `Majid ${seller.lastName}` })).toBeVisible();
  });

  test("the member's Vehicles tab and status survive a reload, and Back leaves the page", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const kept = await createVehicle(api, seller._id, 'Nissan Patrol LE');
    const withdrawn = await createVehicle(api, seller._id, 'Lexus LX 600');
    await approveVehicle(api, kept._id);
    await approveVehicle(api, withdrawn._id);
    await api.send('PUT', '/vehicles/update-status', { ids: [withdrawn._id], status: 'cancelled', reason: 'The seller withdrew it' });

    await page.goto(`/members/${seller._id}`);
    await expect(page.getByRole('heading', { name: `Majid ${seller.lastName}` })).toBeVisible();
    await page.getByRole('tab', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(/\?tab=vehicles$/);

    // It opens on the first status that has vehicles, and counts each status.
    const statuses = page.getByRole('radiogroup', { name: 'Vehicle status' });
    await expect(statuses.getByRole('radio', { name: 'Approved 1' })).toBeChecked();
    await expect(statuses.getByRole('radio', { name: 'Pending 0' })).not.toBeChecked();
    const table = page.getByRole('table', { name: 'Vehicles this member sells' });
    await expect(table.getByRole('link', { name: 'Nissan Patrol LE' })).toBeVisible();

    await statuses.getByText('Cancelled 1', { exact: true }).click();
    await expect(statuses.getByRole('radio', { name: 'Cancelled 1' })).toBeChecked();
    await expect(page).toHaveURL(/\?tab=vehicles&vehicleStatus=cancelled$/);
    await expect(table.getByRole('link', { name: 'Lexus LX 600' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Vehicles', selected: true })).toBeVisible();
    await expect(statuses.getByRole('radio', { name: 'Cancelled 1' })).toBeChecked();
    await expect(table.getByRole('link', { name: 'Lexus LX 600' })).toBeVisible();
    await expect(table.getByText('The seller withdrew it')).toBeVisible();

    // The vehicle says why it was cancelled; Back returns to the same tab and status.
    await table.getByRole('link', { name: 'Lexus LX 600' }).click();
    await expect(page.getByRole('heading', { name: `Lot ${withdrawn.vehicleLotNumber} · Lexus LX 600` })).toBeVisible();
    await expect(page.getByText(/^Cancelled on \d{2}\/\d{2}\/\d{4}: The seller withdrew it$/)).toBeVisible();
    await page.goBack();
    await expect(statuses.getByRole('radio', { name: 'Cancelled 1' })).toBeChecked();

    // Tab and status changes replaced the history entry: one more Back leaves the member page.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
