import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuctionEvent, EventRun } from '@/features/auctions/api/get-event';
import type { UnassignedVehicle } from '@/features/auctions/api/get-unassigned-vehicles';
import { AuctionEventPage } from '@/features/auctions/pages/auction-event-page';
import { auctionFixture, eventFixture, listOf } from '@/features/auctions/test/auction-fixtures';
import { runFixture } from '@/features/auctions/test/run-fixture';
import { findDialog } from '@/test/dialog';
import { lotFixture } from '@/test/lot-fixtures';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Body = Record<string, unknown>;

/**
 * Role queries inside Ant Design's table skip the visibility check: jsdom copies a cached computed style property by
 * property, and inside the table that is every CSS variable of its theme, seconds per element. The rows are on screen.
 */
const inTable = { hidden: true } as const;

const sold = runFixture(1, { outcome: 'sold', buyer: { _id: 'b1', name: 'Khalid Buyer1' }, soldFor: 25000, recordedAt: '2031-05-01T12:10:00Z' });
const noSale = runFixture(2, { outcome: 'notSold', isCurrent: false, recordedAt: '2031-05-01T12:11:00Z' });
const laneB = runFixture(3, { laneId: 'ev1-B', lane: 'B', runNumber: 1 });

function eventWith(overrides: Partial<AuctionEvent> = {}): AuctionEvent {
  return eventFixture('ev1', {
    auctionStatus: 'publish',
    auctionEventStatus: 'publish',
    lanes: [
      { _id: 'ev1-A', laneNumber: 1, laneLetter: 'A', minRange: 1, maxRange: 2, vehicleCount: 2 },
      { _id: 'ev1-B', laneNumber: 2, laneLetter: 'B', minRange: 1, maxRange: 1, vehicleCount: 1 },
    ],
    vehicleCount: 3,
    resultsRecorded: 2,
    soldCount: 1,
    soldTotal: 25000,
    ...overrides,
  });
}

function detail(event: AuctionEvent, vehicles: EventRun[]) {
  return { body: { data: { event, vehicles, totalPages: 1, currentPage: 1, totalMatching: vehicles.length } } };
}

function unassigned(id: string, lot: number): UnassignedVehicle {
  return {
    _id: id, vehicleLotNumber: lot, vinNumber: `1HGCM8269KA00${lot}`, title: `Nissan Patrol ${lot}`, make: 'Nissan', model: 'Patrol', year: 2021,
    transmission: 'Automatic', engineDetails: null, driveType: null, fuelType: 'Petrol', mileage: 42000, keysAvailable: true, runAndDrive: true,
    startStatus: true, unknownStatus: false, color: null, bodyStyle: 'SUV', primaryDamage: null, secondaryDamage: null, cylinders: 8,
    openingPrice: 90000, reservePrice: 110000, soldFor: null, status: 'approved', statusReason: null, statusChangedAt: null, requestType: 'New',
    isVehicleDeliveredBySeller: true, isReceived: true, isInspection: 'completed', isReturned: false, isPaid: false, gatePassStatus: 'Pending',
    isReleased: false, releaseDate: null, auctionId: null, auctionDate: null, eventId: null, eventDate: null,
    memberProfile: { _id: 'm2', firstName: 'Salem', lastName: 'Seller', companyName: null, email: 'salem@example.com', phone: '+971502223302', memberEntity: 'individual', status: 'approved' },
    buyerInfo: null, description: null, images: [], thumbnailImages: [], createdAt: '2031-04-01T08:00:00Z', updatedAt: '2031-04-01T08:00:00Z',
  };
}

/** Bodies sent to one route, in order. */
function sentTo(fetch: ReturnType<typeof mockFetch>, method: string, url: string): Body[] {
  return fetch.mock.calls.filter(([called, init]) => called === url && (init?.method ?? 'GET') === method).map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Body);
}

function setup(api: MockRoutes = {}, route = '/auction-events/ev1', event = eventWith()) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/getById/ev1': detail(event, [sold, noSale, laneB]),
    'POST /api/auction-event/get-lane-vehicle/ev1/lane/B': { body: { data: [laneB], lane: event.lanes[1], totalPages: 1, currentPage: 1, totalMatching: 1 } },
    'GET /api/auction-events/ev1/lots': { body: { data: [], serverTime: '2031-05-01T08:00:00Z' } },
    ...api,
  });
  const { router } = renderWithProviders(<AuctionEventPage />, { path: '/auction-events/:eventId', route });
  return { fetch, router, user: userEvent.setup() };
}

describe('/auction-events/:eventId', () => {
  it("shows the event's details in Dubai time, its lane tabs and its vehicles in run order with their results", async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Dubai Thursday Live Sale · 01/05/2031' })).toBeInTheDocument();
    expect(screen.getByText('Al Quoz Yard, Al Quoz')).toBeInTheDocument();
    expect(screen.getByText('01/05/2031 16:00')).toBeInTheDocument();
    expect(screen.getByText('01/05/2031 20:00')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 recorded')).toBeInTheDocument();
    expect(screen.getByText('1 sold · AED 25,000.00')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All lanes · 3 vehicles', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Lane A · runs 1–2 · 2 vehicles' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Lane B · runs 1–1 · 1 vehicle' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Vehicles of every lane' });
    // The vehicles' rows (Ant Design adds a hidden row that measures the columns).
    const rows = within(table)
      .getAllByRole('row', inTable)
      .filter((row) => within(row).queryByRole('link', { name: /^Lot /, ...inTable }));
    expect(rows.map((row) => within(row).getByRole('link', { name: /^Lot /, ...inTable }).textContent)).toEqual(['Lot 1001', 'Lot 1002', 'Lot 1003']);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Lot 1001', ...inTable })).toHaveAttribute('href', '/vehicles/v1');
    expect(first).toHaveTextContent('Sold to Khalid Buyer1');
    expect(first).toHaveTextContent('AED 25,000.00'); // the Hammer column
    expect(within(first).getByRole('link', { name: 'Khalid Buyer1', ...inTable })).toHaveAttribute('href', '/members/b1');
    expect(second).toHaveTextContent('No sale');
    expect(third).toHaveTextContent('Waiting');
    expect(within(first).getByRole('img', { name: 'Photo of Lot 1001', ...inTable })).toHaveAttribute('src', '/public/vehicles/1-thumb.jpg');
    // Only a vehicle without a result can leave the event.
    expect(within(first).queryByRole('button', { name: /Remove/, ...inTable })).not.toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Remove Lot 1003', ...inTable })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lane A console/ })).toHaveAttribute('href', '/auction-events/ev1/lanes/A/console');
    expect(screen.getByRole('link', { name: /Lane B console/ })).toHaveAttribute('href', '/auction-events/ev1/lanes/B/console');
  });

  it('keeps the lane tab in the URL and reads that lane with the search', async () => {
    const { fetch, router, user } = setup({}, '/auction-events/ev1?lane=B');
    expect(await screen.findByRole('tab', { name: /^Lane B/, selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Vehicles of lane B' })).toHaveTextContent('Lot 1003');
    expect(screen.getByRole('link', { name: /Lane B console/ })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: "Search the event's vehicles" }), 'patrol{Enter}');
    await waitFor(() => expect(sentTo(fetch, 'POST', '/api/auction-event/get-lane-vehicle/ev1/lane/B').at(-1)).toEqual({ pageNo: 1, limit: 10, search: 'patrol' }));
    expect(router.state.location.search).toBe('?lane=B&search=patrol');

    await user.click(screen.getByRole('tab', { name: /^All lanes/ }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('table', { name: 'Vehicles of every lane' })).toBeInTheDocument();
  });

  it('adds the ticked unassigned approved vehicles to a chosen lane, after searching and filtering them', async () => {
    const { fetch, user } = setup({
      'POST /api/vehicles/get-unassigned-approved-vehicles': {
        body: { data: { vehicles: [unassigned('n1', 2001), unassigned('n2', 2002), unassigned('n3', 2003)], totalPages: 1, currentPage: 1, totalMatching: 3 } },
      },
      'POST /api/auction-event/add-vehicle/ev1': { body: { message: '2 vehicles added to the event.', event: eventWith() } },
    });
    await user.click(await screen.findByRole('button', { name: /Add vehicles/ }));
    const dialog = await findDialog('Add vehicles to the event');
    expect(await within(dialog).findByText('Nissan Patrol 2001')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search unassigned vehicles' }), 'patrol{Enter}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Make' }), 'Nissan');
    await pickOption(user, 'Body style', 'SUV');
    await waitFor(() =>
      expect(sentTo(fetch, 'POST', '/api/vehicles/get-unassigned-approved-vehicles').at(-1)).toMatchObject({ status: 'approved', search: 'patrol', make: 'Nissan', bodyStyle: 'SUV', pageNo: 1 }),
    );

    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Lot 2001', ...inTable }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Lot 2003', ...inTable }));
    await pickOption(user, 'Lane', 'Lane B (1 vehicle)');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 vehicles' }));
    expect(await screen.findByText('2 vehicles added to the event.')).toBeInTheDocument();
    expect(sentTo(fetch, 'POST', '/api/auction-event/add-vehicle/ev1')).toEqual([{ vehicles: [{ vehicleId: 'n1', lane: 'B' }, { vehicleId: 'n3', lane: 'B' }] }]);
  });

  it("places into the emptiest lane by leaving the lane out, and shows the server's refusal as it comes", async () => {
    const refusal = 'Lot 2001 is already in an auction event.';
    const { fetch, user } = setup({
      'POST /api/vehicles/get-unassigned-approved-vehicles': { body: { data: { vehicles: [unassigned('n1', 2001)], totalPages: 1, currentPage: 1, totalMatching: 1 } } },
      'POST /api/auction-event/add-vehicle/ev1': { status: 409, body: { message: refusal, errors: [] } },
    });
    await user.click(await screen.findByRole('button', { name: /Add vehicles/ }));
    const dialog = await findDialog('Add vehicles to the event');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select Lot 2001', ...inTable }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 vehicle' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(sentTo(fetch, 'POST', '/api/auction-event/add-vehicle/ev1')).toEqual([{ vehicles: [{ vehicleId: 'n1' }] }]);
  });

  it('removes a vehicle after a confirmation', async () => {
    const { fetch, user } = setup({ 'POST /api/auction-event/remove-vehicle/ev1': { body: { message: '1 vehicle removed from the event.', event: eventWith() } } });
    await user.click(await screen.findByRole('button', { name: 'Remove Lot 1003', ...inTable }));
    const dialog = await findDialog('Remove Lot 1003 from the event?');
    expect(dialog).toHaveTextContent('The vehicle goes back to the unassigned approved vehicles');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 vehicle removed from the event.')).toBeInTheDocument();
    expect(sentTo(fetch, 'POST', '/api/auction-event/remove-vehicle/ev1')).toEqual([{ vehicles: [{ vehicleId: 'v3' }] }]);
  });

  it('transfers the selected vehicles to an event of another auction: the auction first, then its event and lane', async () => {
    const other = auctionFixture('a2', { auctionTitle: 'Sharjah Online Sale', location: { _id: 'loc2', title: 'Sharjah Yard', city: 'Sharjah' } });
    const target = eventFixture('ev9', { auctionId: 'a2', auctionTitle: 'Sharjah Online Sale', startDate: '2031-05-08T12:00:00Z' });
    const { fetch, user } = setup({
      'POST /api/auctions/get': { body: listOf([auctionFixture('a1'), other]) },
      'GET /api/auction-event/all-auction-events/a2': { body: { data: [target, eventFixture('ev8', { auctionEventStatus: 'completed' })] } },
      'PUT /api/auction-event/transfer-vehicle': { body: { message: '1 vehicle moved to the event of 08/05/2031.', event: target } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lot 1003', ...inTable }));
    const bulk = screen.getByRole('toolbar', { name: 'Bulk actions' });
    await user.click(within(bulk).getByRole('button', { name: /Transfer to another event/ }));
    const dialog = await findDialog('Transfer Lot 1003');
    await pickOption(user, 'Auction', /^Sharjah Online Sale/);
    await pickOption(user, 'Event', '08/05/2031 16:00 · Draft · 2 vehicles');
    await pickOption(user, 'Lane', 'Lane A (2 vehicles)');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('1 vehicle moved to the event of 08/05/2031.')).toBeInTheDocument();
    expect(sentTo(fetch, 'PUT', '/api/auction-event/transfer-vehicle')).toEqual([{ sourceEventId: 'ev1', targetEventId: 'ev9', vehicles: [{ vehicleId: 'v3', lane: 'A' }] }]);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });

  it('offers Complete event only once every vehicle has a result, and completes it after a confirmation', async () => {
    const done = eventWith({ resultsRecorded: 3 });
    const { fetch, user } = setup({
      'POST /api/auction-event/getById/ev1': detail(done, [sold, noSale, { ...laneB, outcome: 'notSold', isCurrent: false }]),
      'PUT /api/auction-event/complete/ev1': { body: { message: 'The event is completed.', event: { ...done, auctionEventStatus: 'completed' } } },
    }, '/auction-events/ev1', done);
    expect(await screen.findByRole('button', { name: /Complete event/ })).toHaveClass('ant-btn-primary');
    await user.click(await screen.findByRole('button', { name: /Complete event/ }));
    const dialog = await findDialog('Complete the event?');
    expect(dialog).toHaveTextContent('Every vehicle has its result: 1 of 3 sold.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete event' }));
    expect(await screen.findByText('The event is completed.')).toBeInTheDocument();
    expect(sentTo(fetch, 'PUT', '/api/auction-event/complete/ev1')).toHaveLength(1);
  });

  it('keeps Complete event disabled while a vehicle waits for its result, says why beside it, and makes it primary only once ready', async () => {
    setup();
    const complete = await screen.findByRole('button', { name: /Complete event/ });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription('1 vehicle still waiting for a result');
    expect(complete).not.toHaveClass('ant-btn-primary');
  });

  it("offers 'Absentee bid' on each lot still waiting, and opens a lot's maxima in a drawer", async () => {
    const lot = (n: number, fields: Parameters<typeof lotFixture>[1] = {}) =>
      lotFixture(`l${n}`, { vehicleId: `v${n}`, runNumber: n, vehicle: { ...lotFixture(`l${n}`).vehicle, id: `v${n}`, lotNumber: 1000 + n, title: `Toyota Land Cruiser ${n}` }, ...fields });
    const { user } = setup({
      'GET /api/auction-events/ev1/lots': { body: { data: [lot(1, { state: 'closed', result: 'sold' }), lot(2, { state: 'closed', result: 'no_sale' }), lot(3, { maximaCount: 1 })], serverTime: '2031-05-01T08:00:00Z' } },
      'GET /api/lots/l3': { body: { ...lot(3, { maximaCount: 1 }), bids: [], maxima: [{ bidder: { id: 'm7', name: 'Khalid Buyer1' }, amount: '45000.00', source: 'absentee', at: '2031-05-01T07:05:00Z' }] } },
    });
    const table = await screen.findByRole('table', { name: 'Vehicles of every lane' });
    const entry = await within(table).findByRole('button', { name: 'Absentee bid on Lot 1003 · Toyota Land Cruiser 3', ...inTable });
    expect(within(table).queryByRole('button', { name: /^Absentee bid on Lot 1001/, ...inTable })).not.toBeInTheDocument();
    await user.click(entry);
    const dialog = await findDialog('Absentee bid');
    expect(within(dialog).getByText('Lot 1003 · Toyota Land Cruiser 3 · Lane 1, run 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: '1 maximum on Lot 1003 · Toyota Land Cruiser 3', ...inTable }));
    const maxima = await screen.findByRole('table', { name: 'Absentee bids on Lot 1003 · Toyota Land Cruiser 3' });
    expect(await within(maxima).findByText('Khalid Buyer1')).toBeInTheDocument();
  }, 45_000); // the event page, a dialog and a drawer: about 20 s in jsdom on this loaded 2-core machine

  it('says so when the event does not exist', async () => {
    setup({ 'POST /api/auction-event/getById/ev1': { status: 404, body: { message: 'This auction event does not exist.' } } });
    expect(await screen.findByText('This auction event does not exist.')).toBeInTheDocument();
  });
});
