import type { Locator, Page } from '@playwright/test';
import type { Api } from './api';
import { createApprovedVehicles, createAuction, createLocation, isoDay, type Day } from './auctions';
import { createBuyer, moveClock, type Buyer } from './money';

/*
 * Givens of the dashboard charts spec, made through the API: vehicles placed in published auctions on chosen sale
 * days, sold once the backend's clock is moved to each day.
 */

export interface PlannedSale {
  day: Day;
  price: number;
  buyer: Buyer;
  /** Records the result; the clock is moved to the sale day first (16:30 Dubai time). */
  sell: () => Promise<void>;
}

/**
 * A vehicle waiting in a published auction on `day`, bought by a new buyer for `price` AED once `sell` is called.
 * Plan every sale before selling any: an auction is created only while its day is ahead of the backend's clock.
 */
export async function planSale(api: Api, stamp: string, day: Day, price: number): Promise<PlannedSale> {
  const yard = await createLocation(api, `Charts Yard ${stamp}`);
  const [vehicle] = await createApprovedVehicles(api, 1, `Land Cruiser ${stamp}`);
  const buyer = await createBuyer(api);
  const auction = await createAuction(api, { title: `Charts Sale ${stamp}`, location: yard._id, day });
  const events = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;
  const eventId = events[0]!._id;
  await api.send('POST', `/auction-event/add-vehicle/${eventId}`, { vehicles: [{ vehicleId: vehicle!._id }] });
  await api.send('PUT', '/auctions/status', { auctionIds: [auction.data._id], status: 'publish' });
  const sell = async () => {
    await moveClock(api, new Date(`${isoDay(day)}T16:30:00+04:00`));
    await api.send('PUT', `/auction-event/results/${eventId}`, {
      results: [{ vehicleId: vehicle!._id, outcome: 'sold', buyerId: buyer._id, soldFor: price }],
    });
  };
  return { day, price, buyer, sell };
}

/** A chart's card on the dashboard, by its title. */
export function chartCard(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** The visually-hidden table of a chart's figures, by its caption: what a screen reader reads. */
export function chartFigures(page: Page, caption: string): Locator {
  return page.getByRole('table', { name: caption, exact: true });
}
