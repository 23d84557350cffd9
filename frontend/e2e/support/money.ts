import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiSignIn, createRole, createStaffUser, mobileFor, uniqueStamp, type Api } from './api';
import { createApprovedVehicles, createAuction, createLocation, firstThursday, isoDay } from './auctions';
import { signIn } from './auth';
import { clickAndSee, sidebar } from './nav';
import type { CreatedVehicle } from './vehicles';

/*
 * Givens of the money specs, made through the API: a buyer with buying power, a buyer's sale fee, a vehicle sold at
 * a published auction on its sale day (which issues the buyer's invoice), and a second staff user who may verify
 * payments, signed in in a browser of their own. The steps a spec is about go through the screens.
 */

export interface Buyer {
  _id: string;
  firstName: string;
  lastName: string;
}

/**
 * An approved buyer on a security plan giving 500,000 AED of buying power: choosing the plan issues the deposit
 * invoice, and the buying power is theirs once the deposit is paid and verified (payDeposit).
 */
export async function createBuyer(api: Api, plan = 'Gold', { payDeposit: paid = true } = {}): Promise<Buyer> {
  const stamp = uniqueStamp();
  const created = await api.send<{ _id: string }>('POST', '/plan/create', { name: `${plan} ${stamp}`, planAmount: '50000.00', buyingPower: '500000.00' });
  const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const answer = await api.send<{ data: Buyer }>('POST', '/members/create', {
    firstName: 'Khalid',
    lastName: `Buyer${stamp.slice(-6)}`,
    email: `buyer.${stamp}@example.com`,
    phone: mobileFor(stamp),
    memberIdentityNo: `784-1985-${stamp.slice(-7)}-2`,
    memberTypes: ['buyer'],
    memberEntity: 'individual',
    securityPlan: created._id,
    memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
  });
  await api.send('PUT', '/members/update-status', { ids: [answer.data._id], status: 'approved' });
  if (paid) await payDeposit(api, answer.data._id);
  return answer.data;
}

/** A staff user who may record and verify payments, signed in through the API (whoever records one never verifies it). */
export async function paymentsDesk(api: Api): Promise<Api & { name: string }> {
  const stamp = uniqueStamp();
  const roleId = await createRole(api, `Payments desk ${stamp}`, { Payments: ['view', 'add', 'updateStatus'] });
  const email = `desk.${stamp}@example.com`;
  const password = 'Falcon-Desert-2026';
  const name = `Noura Desk ${stamp.slice(-5)}`;
  await createStaffUser(api, { fullName: name, email, phone: mobileFor(uniqueStamp()), password, rolePermission: roleId });
  return Object.assign(await apiSignIn(api.page, email, password), { name });
}

interface OpenInvoice {
  _id: string;
  status: string;
  dueAmount: number;
  invoiceCreatedDate: string;
}

/** Pays the member's open deposit invoices in cash, recorded by `api`'s user and verified by a payments desk. */
export async function payDeposit(api: Api, memberId: string): Promise<void> {
  const listed = await api.send<{ data: OpenInvoice[] }>('POST', '/invoices/get', { memberId, kind: 'deposit' });
  const open = listed.data.filter((invoice) => invoice.status !== 'paid' && invoice.dueAmount > 0);
  if (open.length === 0) return;
  const desk = await paymentsDesk(api);
  for (const invoice of open) {
    const paid = await api.send<{ data: { _id: string } }>('POST', '/payments/inbound', {
      invoiceId: invoice._id,
      amount: invoice.dueAmount,
      paymentMethod: 'cash',
      paymentDateAndTime: invoice.invoiceCreatedDate,
    });
    await desk.send('PUT', `/payments/${paid.data._id}/verify`);
  }
}

/** Moves the e2e backend's clock (PUT /api/dev/clock); `undefined` puts it back to the real time. */
export async function moveClock(api: Api, to?: Date): Promise<void> {
  await api.send('PUT', '/dev/clock', { now: (to ?? new Date()).toISOString() });
}

export interface Fee {
  _id: string;
  title: string;
}

/**
 * An active buyer's sale fee for sale prices of 20,000 to 30,000 AED. Active charges of one kind may not share a
 * price, so a spec switches it off when it is done (switchOff).
 */
export async function createBuyerFee(api: Api, title: string, amount: string): Promise<Fee> {
  return api.send<Fee>('POST', '/charge/create', { title, charges: amount, kind: 'sale', appliesTo: 'buyer', minPrice: '20000.00', maxPrice: '30000.00', isActive: true });
}

export async function switchOff(api: Api, fee: Fee): Promise<void> {
  await api.send('PUT', '/charge/update-charge-status', { ids: [fee._id], isActive: false });
}

export interface Sale {
  vehicle: CreatedVehicle;
  title: string;
  buyer: Buyer;
  /** The sale day, YYYY-MM-DD (Dubai): the server's clock stands there from 16:30. */
  saleDay: string;
}

/**
 * A vehicle sold to a new buyer for `price` AED: placed in the first event of a published auction next month, the
 * clock moved to that sale day (16:30 Dubai time) and the result recorded; the sale issues the buyer's invoice.
 */
export async function sellVehicle(api: Api, stamp: string, price: number, to?: Buyer): Promise<Sale> {
  const title = `Patrol ${stamp}`;
  const yard = await createLocation(api, `Ras Al Khor Yard ${stamp}`);
  const [vehicle] = await createApprovedVehicles(api, 1, title);
  const buyer = to ?? (await createBuyer(api));
  const day = firstThursday(1);
  const auction = await createAuction(api, { title: `Thursday Sale ${stamp}`, location: yard._id, day });
  const events = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;
  const eventId = events[0]!._id;
  await api.send('POST', `/auction-event/add-vehicle/${eventId}`, { vehicles: [{ vehicleId: vehicle!._id }] });
  await api.send('PUT', '/auctions/status', { auctionIds: [auction.data._id], status: 'publish' });
  await moveClock(api, new Date(`${isoDay(day)}T16:30:00+04:00`));
  await api.send('PUT', `/auction-event/results/${eventId}`, {
    results: [{ vehicleId: vehicle!._id, outcome: 'sold', buyerId: buyer._id, soldFor: price }],
  });
  return { vehicle: vehicle!, title: `${title} 1`, buyer, saleDay: isoDay(day) };
}

export interface SecondStaff {
  context: BrowserContext;
  page: Page;
  name: string;
}

/**
 * A staff user of a new role that may view, record and verify payments, signed in in a browser of their own; its clock
 * runs from `clockAt` when given (as the first user's, when the backend's clock was moved).
 */
export async function signInCashier(api: Api, browser: Browser, baseURL: string | undefined, stamp: string, clockAt?: Date): Promise<SecondStaff> {
  const roleId = await createRole(api, `Cashiers ${stamp}`, { Payments: ['view', 'add', 'updateStatus'] });
  const name = `Omar Cashier ${stamp.slice(-5)}`;
  const email = `omar.${stamp}@example.com`;
  const password = 'Falcon-Desert-2026';
  await createStaffUser(api, { fullName: name, email, phone: mobileFor(String(Number(stamp) + 7)), password, rolePermission: roleId });
  // A staff user an administrator creates chooses their own password before anything else (issue 23).
  const own = 'Falcon-Oasis-2027';
  const first = await apiSignIn(api.page, email, password);
  await first.send('PUT', '/auth/change-password', { currentPassword: password, password: own, confirmPassword: own });
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', locale: 'en-GB', timezoneId: 'Asia/Dubai', viewport: { width: 1280, height: 800 } });
  if (clockAt) await context.clock.install({ time: clockAt });
  const page = await context.newPage();
  await signIn(page, { email, password: own });
  return { context, page, name };
}

const MONEY_LINKS = {
  Invoices: { path: '/invoice-management', heading: 'Invoices' },
  Inbound: { path: '/inbound-payments', heading: 'Inbound payments' },
  Outbound: { path: '/outbound-payments', heading: 'Outbound payments' },
} as const;

/** Opens a screen of the sidebar's Payments group ('Invoices', 'Inbound' or 'Outbound'), unfolding the group when needed. */
export async function openMoneyScreen(page: Page, link: keyof typeof MONEY_LINKS): Promise<void> {
  const menu = sidebar(page);
  const { path, heading } = MONEY_LINKS[link];
  const target = menu.getByRole('link', { name: link, exact: true }).and(menu.locator(`[href="${path}"]`));
  if (!(await target.isVisible())) await menu.getByRole('menuitem', { name: /\bPayments$/ }).click();
  await clickAndSee(target, page.getByRole('heading', { name: heading, exact: true }));
}

/** The invoice drawer (a dialog titled 'Invoice INV-…'). */
export function invoiceDrawer(page: Page, invoiceNo: string): Locator {
  return page.getByRole('dialog', { name: `Invoice ${invoiceNo}` });
}

/** Ant Design's button-style radios take the click on their label, as a person's does. */
export async function pickRadio(scope: Locator, name: string): Promise<void> {
  const radio = scope.getByRole('radio', { name, exact: true });
  await scope.locator('label').filter({ has: scope.page().getByRole('radio', { name, exact: true }) }).click();
  await expect(radio).toBeChecked();
}
