import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventRun } from '@/features/auctions/api/get-event';
import type { ResultIn } from '@/features/auctions/api/record-results';
import { LaneConsolePage } from '@/features/auctions/pages/lane-console-page';
import { eventFixture } from '@/features/auctions/test/auction-fixtures';
import { runFixture as run } from '@/features/auctions/test/run-fixture';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const khalid = { _id: 'b1', name: 'Khalid Buyer1', phone: '+971554443301', memberIdentityNo: '784-1985-7654301-2', buyingPower: 100000, available: 60000 };
const published = eventFixture('ev1', { auctionStatus: 'publish', auctionEventStatus: 'publish', vehicleCount: 3 });

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

function setup(runs: EventRun[], api: MockRoutes = {}) {
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

const price = () => screen.getByLabelText('Hammer price (AED)');
const buyer = () => screen.getByRole('combobox', { name: 'Buyer' });

/** Searches the buyer by name and picks them (the keyboard's Enter on an option is left to the browser test). */
async function chooseKhalid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Buyer' }));
  await user.keyboard('khal');
  await user.click(await screen.findByText(/^Khalid Buyer1 · /));
  await waitFor(() => expect(price()).toHaveFocus());
}

describe('/auction-events/:eventId/lanes/:lane/console', () => {
  it('shows the first vehicle without a result with its photo, lot, title, mileage and prices, and the lane\'s counts', async () => {
    setup([run(1, { outcome: 'sold', buyer: { _id: 'b1', name: 'Khalid Buyer1' }, soldFor: 25000, recordedAt: '2031-05-01T12:10:00Z' }), run(2), run(3)]);
    expect(await screen.findByRole('heading', { name: 'Lane A console' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Lot 1002' })).toHaveAttribute('src', '/public/vehicles/2.jpg');
    expect(screen.getByRole('link', { name: 'Lot 1002' })).toHaveAttribute('href', '/vehicles/v2');
    expect(screen.getByText('86,502 km')).toBeInTheDocument();
    expect(screen.getByText('AED 15,000.00')).toBeInTheDocument();
    expect(screen.getByText('AED 20,000.00')).toBeInTheDocument();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByText('AED 25,000.00')).toBeInTheDocument();
    expect(screen.getByText(/Run 3 · Lot 1003/)).toBeInTheDocument();
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('Enter Sold (buyer and price filled) · N No sale · B Buyer · P Price');
    await waitFor(() => expect(price()).toHaveFocus());
  });

  it('records Sold with Enter once price and buyer are filled, and brings up the next vehicle with the price focused', async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await waitFor(() => expect(price()).toHaveFocus());
    await user.keyboard('25000{Enter}');
    // No buyer yet: Enter goes to the buyer; picking one returns to the price, and Enter sells.
    await waitFor(() => expect(buyer()).toHaveFocus());
    await chooseKhalid(user);
    expect(screen.getByText('Available buying power AED 60,000.00')).toBeInTheDocument();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'sold', buyerId: 'b1', soldFor: '25000', sellerApproved: false }]));
    await waitFor(() => expect(price()).toHaveFocus());
    expect(price()).toHaveValue('');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('AED 25,000.00')).toBeInTheDocument();
  });

  it('shows the next vehicle before the server answers (optimistic), and N records no sale', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sent, user } = setup([run(1), run(2)]);
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await gate;
      return answer(input, init);
    });
    await waitFor(() => expect(price()).toHaveFocus());
    await user.keyboard('n');
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    release();
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'notSold', sellerApproved: false }]));
    expect(price()).toHaveValue('');
  });

  it('records one result for a key held down (its repeats are ignored)', async () => {
    const { sent, user } = setup([run(1), run(2), run(3)]);
    await waitFor(() => expect(price()).toHaveFocus());
    await user.keyboard('{n>4/}');
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(price()).toHaveValue('');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  it("asks 'Seller accepts?' for a bid below the reserve and records the sale with the seller's approval", async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await chooseKhalid(user);
    await user.keyboard('18000');
    expect(screen.getByText('Below the reserve of AED 20,000.00: the seller is asked first.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Seller accepts?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The bid of AED 18,000.00 from Khalid Buyer1 for Lot 1001 is below the reserve of AED 20,000.00.');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Seller accepts' }));
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'sold', buyerId: 'b1', soldFor: '18000', sellerApproved: true }]));
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
  });

  it("shows a buying-power refusal in the server's words and brings the vehicle back with what was typed", async () => {
    const refusal = "Khalid Buyer1's buying power falls short by 5,000.00 AED: 60,000.00 AED is available.";
    const { user } = setup([run(1), run(2)], { 'PUT /api/auction-event/results/ev1': { status: 409, body: { message: refusal, errors: [] } } });
    await chooseKhalid(user);
    await user.keyboard('65000');
    expect(screen.getByText('Above the available buying power of AED 60,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sold' }));
    expect(await screen.findByText(`Lot 1001: ${refusal}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    expect(price()).toHaveValue('65000.00');
    expect(screen.getByText('Above the available buying power of AED 60,000.00')).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
  });

  it('undoes the last result: the vehicle comes back with its buyer and price, and the result is sent as outcome null', async () => {
    const { sent, user } = setup([run(1, { outcome: 'sold', buyer: { _id: 'b1', name: 'Khalid Buyer1' }, soldFor: 25000, recordedAt: '2031-05-01T12:10:00Z' }), run(2)]);
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Undo last result \(Lot 1001\)$/ }));
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: null, sellerApproved: false }]));
    expect(price()).toHaveValue('25000.00');
    expect(screen.getByRole('button', { name: /Undo last result$/ })).toBeDisabled();
  });

  it('B focuses the buyer, whose search keeps its letters (N there is a name, not No sale)', async () => {
    const { user } = setup([run(1)]);
    await waitFor(() => expect(price()).toHaveFocus());
    await user.keyboard('b');
    expect(buyer()).toHaveFocus();
    await user.keyboard('nb');
    expect(buyer()).toHaveValue('nb');
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
  });

  it('says when every vehicle of the lane has a result, and still offers the undo', async () => {
    setup([run(1, { outcome: 'notSold', isCurrent: false, recordedAt: '2031-05-01T12:10:00Z' })]);
    expect(await screen.findByText('Every vehicle of lane A has a result.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Undo last result \(Lot 1001\)$/ })).toBeEnabled();
    expect(screen.getByText('0 of 1')).toBeInTheDocument();
  });

  it('offers no form for an event that is not published yet', async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'POST /api/auction-event/getById/ev1': { body: { data: { event: eventFixture('ev1'), vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 1 } } },
      'POST /api/auction-event/get-lane-vehicle/ev1/lane/A': { body: { data: [run(1)], lane: published.lanes[0], totalPages: 1, currentPage: 1, totalMatching: 1 } },
    });
    renderWithProviders(<LaneConsolePage />, { path: '/auction-events/:eventId/lanes/:lane/console', route: '/auction-events/ev1/lanes/A/console' });
    expect(await screen.findByText('Results are recorded once the event is published, from its sale day (01/05/2031).')).toBeInTheDocument();
    expect(screen.queryByLabelText('Hammer price (AED)')).not.toBeInTheDocument();
  });
});
