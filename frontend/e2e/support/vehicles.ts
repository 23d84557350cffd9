import { expect, type Locator, type Page } from '@playwright/test';
import { mobileFor, uniqueStamp, type Api } from './api';
import { clickAndSee, sidebar } from './nav';

/*
 * Test data and screen helpers for the vehicle specs: approved sellers, valid North American VINs (the same
 * check-digit rule as backend/tests/vehicles/factory.py), and the vehicle lists.
 */

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const LETTER_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A Honda-style US VIN (1HG..., model year K = 2019) with the right check digit in the 9th place. */
export function northAmericanVin(serial: number): string {
  const body = `1HGCM826` + `0KA${String(serial % 1_000_000).padStart(6, '0')}`;
  const total = [...body].reduce((sum, char, index) => {
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[LETTERS.indexOf(char)];
    return sum + value * WEIGHTS[index];
  }, 0);
  const check = total % 11 === 10 ? 'X' : String(total % 11);
  return body.slice(0, 8) + check + body.slice(9);
}

let vinSerial = Number(uniqueStamp().slice(-6));

/** A VIN no other call of this run has handed out. */
export function nextVin(): string {
  vinSerial = (vinSerial + 1) % 1_000_000;
  return northAmericanVin(vinSerial);
}

export interface Seller {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Creates a seller through the API and approves them: a given of the vehicle specs, not what they test. */
export async function createApprovedSeller(api: Api): Promise<Seller> {
  const stamp = uniqueStamp();
  const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const answer = await api.send<{ data: Seller }>('POST', '/members/create', {
    firstName: 'Majid',
    lastName: `Seller${stamp.slice(-6)}`,
    email: `seller.${stamp}@example.com`,
    phone: mobileFor(stamp),
    memberIdentityNo: `784-1980-${stamp.slice(-7)}-1`,
    memberTypes: ['seller'],
    memberEntity: 'individual',
    sellerType: 'individual',
    memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
  });
  await api.send('PUT', '/members/update-status', { ids: [answer.data._id], status: 'approved' });
  return answer.data;
}

export interface CreatedVehicle {
  _id: string;
  vehicleLotNumber: number;
  vinNumber: string;
}

/** Creates a pending vehicle for the seller through the API. */
export async function createVehicle(api: Api, sellerId: string, title = 'Toyota Land Cruiser GXR'): Promise<CreatedVehicle> {
  const answer = await api.send<{ data: CreatedVehicle }>('POST', '/vehicles/create', {
    title,
    make: 'Toyota',
    model: 'Land Cruiser',
    year: 2019,
    vinNumber: nextVin(),
    mileage: 86500,
    keysAvailable: true,
    runAndDrive: true,
    startStatus: true,
    unknownStatus: false,
    openingPrice: 85000,
    memberProfile: sellerId,
  });
  return answer.data;
}

/** Takes a pending vehicle through receiving and inspection and approves it, through the API. */
export async function approveVehicle(api: Api, vehicleId: string): Promise<void> {
  await api.send('PUT', `/vehicles/update-vehicle-status/${vehicleId}`, { isReceived: true, isVehicleDeliveredBySeller: true });
  await api.send('PUT', `/vehicles/update-vehicle-status/${vehicleId}`, { isInspection: 'completed' });
  await api.send('PUT', '/vehicles/update-status', { ids: [vehicleId], status: 'approved' });
}

const LIST_PATHS: Record<string, string> = {
  Review: '/un-approved-vehicles',
  Approved: '/approved-vehicles',
  Rejected: '/rejected-vehicles',
  Sold: '/sold-vehicles',
  Cancelled: '/canceled-vehicles',
};

/** Opens a vehicle list from the sidebar's Vehicles group ('Review', 'Approved', ...). */
export async function openVehicleList(page: Page, link: keyof typeof LIST_PATHS & string): Promise<void> {
  const menu = sidebar(page);
  const target = menu.getByRole('link', { name: link, exact: true }).and(menu.locator(`[href="${LIST_PATHS[link]}"]`));
  if (!(await target.isVisible())) await menu.getByRole('menuitem', { name: /\bVehicles$/ }).click();
  await clickAndSee(target, page.getByRole('heading', { name: `${link} vehicles`, exact: true }));
}

/**
 * A summary card by its label. Counting cards that filter nothing are not buttons, so the card is found by
 * its title inside the 'Summary' region.
 */
export function vehicleCard(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Summary' })
    .locator('.ant-card')
    .filter({ has: page.getByText(label, { exact: true }) });
}

/** The number a vehicle summary card shows. */
export async function vehicleCount(page: Page, label: string): Promise<number> {
  const card = vehicleCard(page, label);
  await expect(card).toHaveText(new RegExp(`^${label}\\s*[\\d,]+$`));
  return Number(/([\d,]+)$/.exec((await card.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
}

/** Waits until each card shows the expected number. */
export async function expectVehicleCounts(page: Page, expected: Record<string, number>): Promise<void> {
  for (const [label, count] of Object.entries(expected)) {
    await expect(vehicleCard(page, label)).toHaveText(new RegExp(`^${label}\\s*${count.toLocaleString('en-US')}$`));
  }
}
