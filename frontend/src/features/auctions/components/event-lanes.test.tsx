import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuctionEvent } from '@/features/auctions/api/get-event';
import { AuctionEventPage } from '@/features/auctions/pages/auction-event-page';
import { eventFixture } from '@/features/auctions/test/auction-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** An event with two lanes and no vehicle placed yet. */
const event: AuctionEvent = eventFixture('ev1', {
  auctionStatus: 'publish',
  auctionEventStatus: 'publish',
  lanes: [
    { _id: 'ev1-A', laneNumber: 1, laneLetter: 'A', minRange: null, maxRange: null, vehicleCount: 0 },
    { _id: 'ev1-B', laneNumber: 2, laneLetter: 'B', minRange: null, maxRange: null, vehicleCount: 0 },
  ],
  vehicleCount: 0,
  resultsRecorded: 0,
  soldCount: 0,
  soldTotal: 0,
});

const nothing = { totalPages: 0, currentPage: 1, totalMatching: 0 };

function setup(route: string) {
  mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/getById/ev1': { body: { data: { event, vehicles: [], ...nothing } } },
    'POST /api/auction-event/get-lane-vehicle/ev1/lane/B': { body: { data: [], lane: event.lanes[1], ...nothing } },
    'POST /api/vehicles/get-unassigned-approved-vehicles': { body: { data: { vehicles: [], ...nothing } } },
  });
  renderWithProviders(<AuctionEventPage />, { path: '/auction-events/:eventId', route });
}

describe("the event page's empty tables", { timeout: 40_000 }, () => {
  it('say in a sentence that no vehicle is placed in the event yet', async () => {
    setup('/auction-events/ev1');
    const table = await screen.findByRole('table', { name: 'Vehicles of every lane' });
    expect(await screen.findByText('No vehicles are placed in this event yet.')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('No data');
  });

  it("name the lane that has no vehicle yet on the lane's tab", async () => {
    setup('/auction-events/ev1?lane=B');
    expect(await screen.findByText('No vehicles are placed in lane B yet.')).toBeInTheDocument();
  });

  it('say what the search matched nothing of', async () => {
    setup('/auction-events/ev1?lane=B&search=patrol');
    expect(await screen.findByText("No vehicle of this event matches 'patrol'.")).toBeInTheDocument();
  });

  it("say, in 'Add vehicles', that no approved vehicle waits for an event, or that none matches the search", async () => {
    setup('/auction-events/ev1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Add vehicles/ }));
    const dialog = await findDialog('Add vehicles to the event');
    expect(await within(dialog).findByText('No approved vehicle is waiting for an event.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search unassigned vehicles' }), 'patrol{Enter}');
    expect(await within(dialog).findByText('No unassigned approved vehicle matches the search and filters.')).toBeInTheDocument();
  });
});
