import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs } from './support/api';
import { signIn } from './support/auth';
import { confirmChange } from './support/confirm';
import { pickOption, rowOf, searchAndPick, searchList, toast } from './support/lists';
import { dialog } from './support/ui';
import {
  approveVehicle,
  createApprovedSeller,
  createVehicle,
  expectVehicleCounts,
  nextVin,
  openVehicleList,
  vehicleCount,
} from './support/vehicles';
import { pngPhoto } from './support/vehicles-photos';

/*
 * Issue 6: a vehicle added with two photos goes through receiving, delivery and inspection to approval and
 * moves from Review to Approved; another is rejected; an approved one is cancelled and returned; a VIN used
 * twice is refused at the field.
 */

/**
 * Picks a value in a row's dropdown ("Received of Lot 1000") and waits for the toast. A choice that cannot be
 * undone is confirmed first in the dialog titled `confirm.title`, with the reason where one is required.
 */
async function setInRow(page: Page, row: Locator, column: string, option: string, answer: string | RegExp, confirm?: { title: string; button: string; reason?: string }) {
  const name = column.replace(/[()]/g, '\\$&');
  await pickOption(page, row.getByRole('combobox', { name: new RegExp(`^${name} of Lot \\d+$`) }), option);
  if (confirm) await confirmChange(page, confirm.title, confirm.button, confirm.reason);
  await expect(toast(page, answer).last()).toBeVisible();
}

test.describe('vehicles', () => {
  test('a vehicle with two photos goes through review to Approved, and the counts follow', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const vin = nextVin();

    await openVehicleList(page, 'Approved');
    const approved = await vehicleCount(page, 'Approved');
    const unassigned = await vehicleCount(page, 'Unassigned');

    await openVehicleList(page, 'Review');
    const pending = await vehicleCount(page, 'Pending');
    const reviewTotal = await vehicleCount(page, 'Review total');

    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const add = await dialog(page, 'Add vehicle');
    await searchAndPick(page, add.getByRole('combobox', { name: 'Seller' }), seller.lastName, `Majid ${seller.lastName} · ${seller.email}`);
    await add.getByLabel('VIN').fill(vin);
    await expect(add.getByText('The VIN suggests make Honda, year 2019.')).toBeVisible();
    await add.getByRole('button', { name: 'Use these' }).click();
    await expect(add.getByLabel('Make', { exact: true })).toHaveValue('Honda');
    await add.getByLabel('Title').fill('2019 Honda Accord EX');
    await add.getByLabel('Model', { exact: true }).fill('Accord');
    await pickOption(page, add.getByRole('combobox', { name: 'Transmission' }), 'Automatic');
    await pickOption(page, add.getByRole('combobox', { name: 'Fuel' }), 'Petrol');
    await pickOption(page, add.getByRole('combobox', { name: 'Body style' }), 'Sedan');
    await add.getByLabel('Mileage (km)').fill('64200');
    await add.getByRole('checkbox', { name: 'Keys available' }).check();
    await add.getByRole('checkbox', { name: 'Run and drive' }).check();
    await add.getByLabel('Opening price').fill('42000');
    await add.getByLabel('Reserve price').fill('40000');

    const chooser = page.waitForEvent('filechooser');
    await add.getByRole('button', { name: 'Add photos' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: pngPhoto([200, 30, 30]) },
      { name: 'side.png', mimeType: 'image/png', buffer: pngPhoto([30, 30, 200]) },
    ]);
    const photos = add.getByRole('list', { name: 'Photos' });
    await expect(photos.getByRole('listitem')).toHaveCount(2);
    const secondSrc = await photos.getByRole('img', { name: 'Photo 2' }).getAttribute('src');
    await add.getByRole('button', { name: 'Make photo 2 the cover' }).click();
    await expect(photos.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', secondSrc ?? '');
    await expect(photos.getByRole('listitem', { name: 'Photo 1' }).getByText('Cover')).toBeVisible();

    // The reserve price may not be below the opening price.
    await add.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(add.getByText('The reserve price cannot be below the opening price.')).toBeVisible();
    await add.getByLabel('Reserve price').fill('50000');
    await add.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(toast(page, /^Vehicle added as lot \d+/)).toBeVisible();
    await expect(add).toBeHidden();

    // It lands at the top of Review and raises the pending and review counts.
    await expectVehicleCounts(page, { Pending: pending + 1, 'Review total': reviewTotal + 1 });
    await expect(page.getByRole('row').nth(1)).toContainText(vin);
    const row = rowOf(page, vin);
    await expect(row.getByRole('img', { name: /^Cover photo of Lot \d+$/ })).toBeVisible();

    await setInRow(page, row, 'Received', 'Received', /^Lot \d+ marked as received$/);
    await setInRow(page, row, 'SVD (delivered by the seller)', 'Delivered', /^Lot \d+ marked as delivered by the seller$/);
    await setInRow(page, row, 'Inspection', 'In Inspection', /^Lot \d+: inspection started$/);

    // Approving before the inspection is completed is refused with the server's reason.
    await pickOption(page, row.getByRole('combobox', { name: /^Status of Lot \d+$/ }), 'Approved');
    await expect(toast(page, /cannot be approved yet: its inspection is not completed\./)).toBeVisible();
    await expect(row).toBeVisible();

    await setInRow(page, row, 'Inspection', 'Completed', /^Lot \d+: inspection completed$/);
    await setInRow(page, row, 'Status', 'Approved', '1 vehicle set to approved.');
    await expect(rowOf(page, vin)).toHaveCount(0);
    await expectVehicleCounts(page, { Pending: pending, 'Review total': reviewTotal });

    await openVehicleList(page, 'Approved');
    await expectVehicleCounts(page, { Approved: approved + 1, Unassigned: unassigned + 1 });
    await searchList(page, 'Search vehicles', vin.slice(-6));
    await expect(rowOf(page, vin)).toHaveCount(1);

    // The CSV export holds the current filtered list, under the server's filename.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vehicles-approved.csv');
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv).toContain(vin);
    expect(csv.trim().split('\n')).toHaveLength(2);

    // The detail page: gallery with both photos, the seller on 'Member Information'.
    await rowOf(page, vin).getByRole('link', { name: '2019 Honda Accord EX' }).click();
    await expect(page.getByRole('heading', { name: /^Lot \d+ · 2019 Honda Accord EX$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
    await expect(page.getByLabel('VIN')).toHaveValue(vin);
    await page.getByRole('tab', { name: 'Member Information' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Member Information' }).getByText(seller.email)).toBeVisible();
    await page.getByRole('tab', { name: 'Payment Details' }).click();
    const payment = page.getByRole('tabpanel', { name: 'Payment Details' });
    await expect(payment.getByText('This vehicle has not been sold.')).toBeVisible();
    await expect(payment.getByText('No invoice has been issued for this vehicle.')).toBeVisible();
  });

  test('a vehicle in review is rejected and shows in Rejected', async ({ page }) => {
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const vehicle = await createVehicle(api, seller._id, 'Nissan Patrol LE');

    await openVehicleList(page, 'Rejected');
    const rejected = await vehicleCount(page, 'Rejected');

    await openVehicleList(page, 'Review');
    await searchList(page, 'Search vehicles', vehicle.vinNumber);
    const row = rowOf(page, vehicle.vinNumber);
    await expect(row).toHaveCount(1);
    await setInRow(page, row, 'Status', 'Rejected', '1 vehicle set to rejected.', {
      title: `Reject Lot ${vehicle.vehicleLotNumber}?`,
      button: 'Reject',
      reason: 'No service history',
    });
    await expect(row).toHaveCount(0);

    await openVehicleList(page, 'Rejected');
    await expectVehicleCounts(page, { Rejected: rejected + 1 });
    await searchList(page, 'Search vehicles', vehicle.vinNumber);
    await expect(rowOf(page, vehicle.vinNumber)).toHaveCount(1);
    await expect(rowOf(page, vehicle.vinNumber)).toContainText('Rejected');
  });

  test('an approved vehicle is cancelled, then marked returned once', async ({ page }) => {
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const vehicle = await createVehicle(api, seller._id, 'Lexus LX 600');
    await approveVehicle(api, vehicle._id);

    await openVehicleList(page, 'Approved');
    await searchList(page, 'Search vehicles', vehicle.vinNumber);
    await setInRow(page, rowOf(page, vehicle.vinNumber), 'Status', 'Cancelled', '1 vehicle set to cancelled.', {
      title: `Cancel Lot ${vehicle.vehicleLotNumber}?`,
      button: 'Cancel vehicle',
      reason: 'Seller withdrew the vehicle',
    });
    await expect(rowOf(page, vehicle.vinNumber)).toHaveCount(0);

    await openVehicleList(page, 'Cancelled');
    const returned = await vehicleCount(page, 'Returned');
    const unreturned = await vehicleCount(page, 'Unreturned');
    await searchList(page, 'Search vehicles', vehicle.vinNumber);
    const row = rowOf(page, vehicle.vinNumber);
    await setInRow(page, row, 'Returned', 'Returned', /^Lot \d+ marked as returned$/, { title: `Mark Lot ${vehicle.vehicleLotNumber} as returned?`, button: 'Mark returned' });
    await expectVehicleCounts(page, { Returned: returned + 1, Unreturned: unreturned - 1 });
    const returnedBox = row.getByRole('combobox', { name: /^Returned of Lot \d+$/ });
    await expect(returnedBox).toBeDisabled();
  });

  test('a VIN already in use shows Enter Unique Vin Number at the field, naming the lot that has it', async ({ page }) => {
    await signIn(page);
    const api = await apiAs(page);
    const seller = await createApprovedSeller(api);
    const existing = await createVehicle(api, seller._id);

    await openVehicleList(page, 'Review');
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const add = await dialog(page, 'Add vehicle');
    await add.getByLabel('VIN').fill(existing.vinNumber);
    const duplicate = `Enter Unique Vin Number: Lot ${existing.vehicleLotNumber} already has this VIN.`;
    await expect(add.getByLabel('VIN')).toHaveAccessibleDescription(/Enter Unique Vin Number/);
    await expect(add.getByText(duplicate, { exact: true })).toBeVisible();
    await add.getByLabel('VIN').fill(nextVin());
    await expect(add.getByLabel('VIN')).not.toHaveAccessibleDescription(/Enter Unique Vin Number/);
    await expect(add.getByText(duplicate, { exact: true })).toHaveCount(0);
  });
});
