import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { EventRun } from '@/features/auctions/api/get-event';
import type { ResultIn } from '@/features/auctions/api/record-results';
import { LaneConsolePage } from '@/features/auctions/pages/lane-console-page';
import { eventFixture } from '@/features/auctions/test/auction-fixtures';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** The console's page tests: a buyer, the published event ev1 on its sale day, and a fake server for lane A. */
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

export function setup(runs: EventRun[], api: MockRoutes = {}) {
  const server = lane(runs);
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/getById/ev1': { body: { data: { event: published, vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 3 } } },
    'POST /api/auction-event/buyers': { body: { data: [khalid] } },
    ...server.routes,
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
}

