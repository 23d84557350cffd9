import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { EventRun } from '@/features/auctions/api/get-event';
import type { ResultIn } from '@/features/auctions/api/record-results';
import { lotDetail, lotView } from '@/features/auctions/live/test/live-fixtures';
import { installFakeSockets } from '@/features/auctions/live/test/fake-socket';
import type { LaneView, LotDetail } from '@/features/auctions/live/types';
import { LaneConsolePage } from '@/features/auctions/pages/lane-console-page';
import { eventFixture } from '@/features/auctions/test/auction-fixtures';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** The console's page tests: a buyer, the published event ev1 on its sale day, and a fake server for lane A. */
/**
 * Run n's lot, sold on the floor for AED 25,000 (the reserve is 20,000): the console asks the clerk to name its buyer
 * from the room while the run has no result (the lane's result form, as before the live console).
 */
export function floorSold(n: number, overrides: Partial<LotDetail> = {}): LotDetail {
  return lotDetail({
    id: `lot${n}`,
    laneId: 'ev1-A',
    runNumber: n,
    vehicleId: `v${n}`,
    vehicle: { id: `v${n}`, title: `Toyota Land Cruiser ${n}`, vin: `1HGCM8260KA00100${n}`, lotNumber: 1000 + n, mileage: 86500 + n, photoUrl: null },
    state: 'closed',
    result: 'sold',
    openingPrice: '15000.00',
    reservePrice: '20000.00',
    price: '25000.00',
    asking: '25500.00',
    leaderSource: 'floor',
    lastEventSequence: 3,
    bidCount: 1,
    ...overrides,
  });
}

/** Lane A's view on the live page: a Live lane, running. */
export const laneA = (overrides: Partial<LaneView> = {}): LaneView => ({
  laneId: 'ev1-A',
  laneNumber: 1,
  mode: 'live',
  state: 'running',
  currentLot: null,
  nextLots: [],
  bidsPerMinute: 0,
  watchers: 1,
  onlineWatchers: 0,
  lotsLeft: 0,
  lotsSold: 0,
  lotsOnApproval: 0,
  lotsNoSale: 0,
  ...overrides,
});

/** The lots' side of the server: the event's lots, each lot's detail, the lanes' live view. */
export function lotRoutes(lots: LotDetail[], lane: LaneView = laneA()): MockRoutes {
  const routes: MockRoutes = {
    'GET /api/auction-events/ev1/lots': () => ({ body: { data: lots.map((lot) => ({ ...lot, bids: undefined, maxima: undefined })), serverTime: '2031-05-01T12:00:00Z' } }),
    'GET /api/auction-events/ev1/live': { body: { lanes: [lane], serverTime: '2031-05-01T12:00:00Z' } },
  };
  for (const lot of lots) routes[`GET /api/lots/${lot.id}`] = () => ({ body: lot });
  return routes;
}

/** A waiting lot of lane A (run n), from the fixture lot view. */
export const waitingLot = (n: number, overrides: Partial<LotDetail> = {}) => floorSold(n, { state: 'waiting', result: null, price: null, asking: '15000.00', leaderSource: null, lastEventSequence: 0, bidCount: 0, ...overrides });

export { lotView };
export const khalid = { _id: 'b1', name: 'Khalid Buyer1', phone: '+971554443301', memberIdentityNo: '784-1985-7654301-2', buyingPower: 100000, available: 60000, overdueInvoice: null, blockedReason: null };
export const published = eventFixture('ev1', { auctionStatus: 'publish', auctionEventStatus: 'publish', vehicleCount: 3, saleDay: { open: true, reason: null, today: '2031-05-01' } });

/** The server's side: the lane's runs, changed by every result it accepts. */
function lane(runs: EventRun[]) {
  let current = runs;
  const sent: ResultIn[] = [];
  const routes: MockRoutes = {
    'POST /api/auction-event/get-lane-vehicle/ev1/lane/A': () => ({
      body: { data: current, lane: published.lanes[0], totalPages: 1, currentPage: 1, totalMatching: current.length },
    }),
    'PUT /api/auction-event/results/ev1': (init) => {
      const [result] = (JSON.parse(String(init?.body)) as { results: ResultIn[] }).results;
      if (!result) return { status: 422 };
      sent.push(result);
      const changed = current.map((one) =>
        one.vehicleId === result.vehicleId
          ? {
              ...one,
              outcome: result.outcome,
              isCurrent: result.outcome !== 'notSold',
              buyer: result.outcome === 'sold' ? { _id: khalid._id, name: khalid.name } : null,
              soldFor: result.outcome === 'sold' ? Number(result.soldFor) : null,
              sellerApproved: result.sellerApproved,
              recordedAt: result.outcome ? '2031-05-01T12:30:00Z' : null,
            }
          : one,
      );
      current = changed;
      return { body: { message: '1 result saved.', event: published, runs: changed.filter((one) => one.vehicleId === result.vehicleId) } };
    },
  };
  return { routes, sent };
}

export function setup(runs: EventRun[], api: MockRoutes = {}, lots: LotDetail[] = runs.map((run) => floorSold(run.runNumber))) {
  installFakeSockets();
  const server = lane(runs);
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/getById/ev1': { body: { data: { event: published, vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 3 } } },
    'POST /api/auction-event/buyers': { body: { data: [khalid] } },
    ...server.routes,
    ...lotRoutes(lots),
    ...api,
  });
  renderWithProviders(<LaneConsolePage />, { path: '/auction-events/:eventId/lanes/:lane/console', route: '/auction-events/ev1/lanes/a/console' });
  return { fetch, sent: server.sent, user: userEvent.setup() };
}

export const price = () => screen.getByLabelText('Hammer price (AED)');
export const buyer = () => screen.getByRole('combobox', { name: 'Buyer' });
/** The focus out of every field (on the page itself), where the one-letter shortcuts act. */
export const leaveFields = () => (document.activeElement as HTMLElement | null)?.blur();

/** Searches the buyer by name and picks them (the keyboard's Enter on an option is left to the browser test). */
export async function chooseKhalid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Buyer' }));
  await user.keyboard('khal');
  await user.click(await screen.findByText(/^Khalid Buyer1 · /));
  await waitFor(() => expect(price()).toHaveFocus());
  // The price comes filled with the lot's (AED 25,000): the tests type their own.
  await user.clear(price());
}

