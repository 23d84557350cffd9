import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api';
import { createLocation, firstThursday, isoDay, type Day } from './auctions';
import { approveVehicle, createApprovedSeller, nextVin, type CreatedVehicle, type Seller } from './vehicles';

/*
 * Givens of the live bidding specs (issue 25), made through the API: a published Live or Online auction whose first
 * event holds vehicles of one seller in lane A, each with its opening price and reserve; the event's lots; absentee
 * maxima entered for members; the clerk's moves when a spec needs a lot in a given state. Screen helpers read the
 * live console's and the live page's figures.
 */

export interface LotView {
  id: string;
  eventId: string;
  laneId: string;
  runNumber: number;
  vehicleId: string;
  vehicle: { id: string; title: string; lotNumber: number | null };
  state: 'waiting' | 'open' | 'closed' | 'withdrawn';
  result: 'sold' | 'on_approval' | 'no_sale' | null;
  price: string | null;
  asking: string;
  leader: { id: string; name: string } | null;
  leaderSource: 'floor' | 'absentee' | 'online' | null;
}

export interface SaleVehicle {
  opening: string;
  reserve: string;
}

export interface LiveSale {
  auctionId: string;
  eventId: string;
  title: string;
  seller: Seller;
  /** In run order, each with its title (`<stamp title> <n>`). */
  vehicles: (CreatedVehicle & { title: string })[];
  /** The sale day: its event runs 16:00 to 20:00 Dubai time. */
  day: Day;
}

/**
 * A published auction (`Live` or `Online`) next month with the counter-bid time given (5 s is the least the
 * auction takes) and bid increments of AED 500, whose first event holds one approved vehicle per entry of
 * `vehicles` in lane A, in that run order.
 */
export async function createLiveSale(
  api: Api,
  stamp: string,
  setup: { type: 'Live' | 'Online'; vehicles: SaleVehicle[]; counterBidTime?: number; title?: string },
): Promise<LiveSale> {
  const yard = await createLocation(api, `Mussafah Yard ${stamp}`);
  const seller = await createApprovedSeller(api);
  const vehicles: LiveSale['vehicles'] = [];
  for (const [index, prices] of setup.vehicles.entries()) {
    const title = `Land Cruiser ${stamp} ${index + 1}`;
    const created = await api.send<{ data: CreatedVehicle }>('POST', '/vehicles/create', {
      title,
      make: 'Toyota',
      model: 'Land Cruiser',
      year: 2020,
      vinNumber: nextVin(),
      mileage: 64000,
      keysAvailable: true,
      runAndDrive: true,
      startStatus: true,
      unknownStatus: false,
      openingPrice: prices.opening,
      reservePrice: prices.reserve,
      memberProfile: seller._id,
    });
    await approveVehicle(api, created.data._id);
    vehicles.push({ ...created.data, title });
  }
  const day = firstThursday(1);
  const title = setup.title ?? `${setup.type} Sale ${stamp}`;
  const auction = await api.send<{ data: { _id: string } }>('POST', '/auctions/create', {
    auctionTitle: title,
    auctionType: setup.type,
    location: yard._id,
    lanes: 1,
    bidIncrementAmount: 500,
    counterBidTime: setup.counterBidTime ?? 5,
    repeatType: 'None',
    startDate: `${isoDay(day)}T16:00:00+04:00`,
    endDate: `${isoDay(day)}T20:00:00+04:00`,
    repeatUntil: null,
  });
  const [event] = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;
  const eventId = event!._id;
  await api.send('POST', `/auction-event/add-vehicle/${eventId}`, { vehicles: vehicles.map((vehicle) => ({ vehicleId: vehicle._id, lane: 'A' })) });
  await api.send('PUT', '/auctions/status', { auctionIds: [auction.data._id], status: 'publish' });
  return { auctionId: auction.data._id, eventId, title, seller, vehicles, day };
}

/** The start of the sale day's event (16:00 Dubai), plus `minutes`. */
export function saleTime(sale: LiveSale, minutes = 0): Date {
  return new Date(Date.parse(`${isoDay(sale.day)}T16:00:00+04:00`) + minutes * 60_000);
}

/** The event's lots in run order (the server makes them on the first read). */
export async function eventLots(api: Api, eventId: string): Promise<LotView[]> {
  const listed = await api.send<{ data: LotView[] }>('GET', `/auction-events/${eventId}/lots`);
  return [...listed.data].sort((a, b) => a.runNumber - b.runNumber);
}

/** A member's maximum on a lot, entered by staff as the member asked (an absentee bid). */
export async function absenteeBid(api: Api, lotId: string, memberId: string, maximum: string): Promise<LotView> {
  return api.send<LotView>('POST', `/lots/${lotId}/absentee-bids`, { memberId, maximum });
}

/** A clerk's move on a lot through the API: open it, or close it with an intent. */
export async function openLot(api: Api, lotId: string): Promise<LotView> {
  return api.send<LotView>('POST', `/lots/${lotId}/open`, {});
}

export async function closeLot(api: Api, lotId: string, intent: 'auto' | 'sold' | 'no_sale' | 'approval'): Promise<LotView> {
  return api.send<LotView>('POST', `/lots/${lotId}/close`, { intent });
}

/** The value of an Ant Design statistic (the console's 'Asking price', 'Current price') inside `scope`. */
export function statistic(scope: Locator, title: string): Locator {
  return scope
    .locator('.ant-statistic')
    .filter({ has: scope.page().getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');
}

/** A lane's region on the event's live page ('Lane A'). */
export function liveLane(page: Page, letter: string): Locator {
  return page.getByRole('region', { name: `Lane ${letter}` });
}

/** Waits until a figure of a lane's region on the live page ('Sold', 'Lots left') shows `value`. */
export async function expectFigure(lane: Locator, label: string, value: number, timeout?: number): Promise<void> {
  const item = lane.locator('.ant-descriptions-item-container').filter({ has: lane.page().getByText(label, { exact: true }) });
  await expect(item.locator('.ant-descriptions-item-content')).toHaveText(String(value), { timeout });
}

/**
 * Waits until the lane console takes the clerk's next move. While a move is on its way the console's buttons are
 * disabled and F and H do nothing (a key acts once), and the live feed may show the move's new figures before its
 * answer has come back: a key pressed as soon as the figures change was sometimes dropped on a loaded machine.
 */
export async function consoleReady(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Withdraw lot', exact: true })).toBeEnabled();
}
