import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api';
import { clickAndSee, sidebar } from './nav';
import { approveVehicle, createApprovedSeller, createVehicle, type CreatedVehicle } from './vehicles';

/*
 * Test data and screen helpers for the auction specs. Yards, approved vehicles and auctions that a spec needs as
 * givens are made through the API; the steps a spec is about go through the screens.
 */

/** A Dubai calendar day. */
export interface Day {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** Today in Dubai, whatever the zone of the machine running the specs. */
export function dubaiToday(): Day {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

function fromUtc(date: Date): Day {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The day `days` after `day`. */
export function addDays(day: Day, days: number): Day {
  return fromUtc(new Date(Date.UTC(day.year, day.month - 1, day.day + days)));
}

/**
 * The first Thursday of the month `monthsAhead` months after this one (Dubai): a sale day far enough ahead to be
 * in the future, with the next two Thursdays in the same month.
 */
export function firstThursday(monthsAhead: number): Day {
  const today = dubaiToday();
  const first = new Date(Date.UTC(today.year, today.month - 1 + monthsAhead, 1));
  return fromUtc(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1 + ((4 - first.getUTCDay() + 7) % 7))));
}

const two = (value: number) => String(value).padStart(2, '0');

/** As the date pickers show a day: DD/MM/YYYY. */
export function shownDay(day: Day): string {
  return `${two(day.day)}/${two(day.month)}/${day.year}`;
}

/** As the API takes a day: YYYY-MM-DD. */
export function isoDay(day: Day): string {
  return `${day.year}-${two(day.month)}-${two(day.day)}`;
}

export interface Yard {
  _id: string;
  title: string;
}

/** Creates an active location (a yard) in Dubai through the API. */
export async function createLocation(api: Api, title: string): Promise<Yard> {
  const created = await api.send<Yard>('POST', '/locations/create', {
    title,
    physical_address: 'Street 18, Al Quoz Industrial Area 3',
    phone_number: '04 321 5555',
    country: 'United Arab Emirates',
    state: 'Dubai',
    city: 'Al Quoz',
  });
  return created;
}

/** Creates `count` vehicles of one approved seller and approves them, ready to be placed in an event. */
export async function createApprovedVehicles(api: Api, count: number, title = 'Nissan Patrol LE'): Promise<CreatedVehicle[]> {
  const seller = await createApprovedSeller(api);
  const vehicles: CreatedVehicle[] = [];
  for (let n = 0; n < count; n += 1) {
    const vehicle = await createVehicle(api, seller._id, `${title} ${n + 1}`);
    await approveVehicle(api, vehicle._id);
    vehicles.push(vehicle);
  }
  return vehicles;
}

export interface AuctionSetup {
  title: string;
  location: string;
  auctionType?: 'Live' | 'Online';
  lanes?: number;
  repeatType?: 'None' | 'Daily' | 'Weekly' | 'Monthly';
  /** The first event's day; it runs 16:00 to 20:00 Dubai time. */
  day: Day;
  /** The last day an event may fall on (repeating auctions). */
  repeatUntil?: Day;
}

export interface CreatedAuction {
  data: { _id: string; auctionTitle: string; eventCount: number };
}

/** Creates a draft auction and its events through the API. */
export async function createAuction(api: Api, setup: AuctionSetup): Promise<CreatedAuction> {
  const { day, repeatType = 'None' } = setup;
  return api.send<CreatedAuction>('POST', '/auctions/create', {
    auctionTitle: setup.title,
    auctionType: setup.auctionType ?? 'Live',
    location: setup.location,
    lanes: setup.lanes ?? 1,
    bidIncrementAmount: 500,
    counterBidTime: 10,
    repeatType,
    startDate: `${isoDay(day)}T16:00:00+04:00`,
    endDate: `${isoDay(day)}T20:00:00+04:00`,
    repeatUntil: setup.repeatUntil ? isoDay(setup.repeatUntil) : null,
  });
}

const AUCTION_LINKS: Record<string, { path: string; heading: string }> = {
  Draft: { path: '/draft-auctions', heading: 'Draft auctions' },
  Published: { path: '/published-auctions', heading: 'Published auctions' },
  Completed: { path: '/completed-auctions', heading: 'Completed auctions' },
  Calendar: { path: '/calendar', heading: 'Calendar' },
};

/** Opens a screen of the sidebar's Auctions group ('Draft', 'Published', 'Completed', 'Calendar'). */
export async function openAuctionScreen(page: Page, link: keyof typeof AUCTION_LINKS & string): Promise<void> {
  const menu = sidebar(page);
  const { path, heading } = AUCTION_LINKS[link];
  const target = menu.getByRole('link', { name: link, exact: true }).and(menu.locator(`[href="${path}"]`));
  if (!(await target.isVisible())) await menu.getByRole('menuitem', { name: /\bAuctions$/ }).click();
  await clickAndSee(target, page.getByRole('heading', { name: heading, exact: true }));
}

/** Types a date, or a date and time, into a picker of the Add auction dialog and confirms it with Enter. */
export async function typeDateTime(field: Locator, value: string): Promise<void> {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
  await expect(field).toHaveValue(value);
}
