import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture } from '@/features/auctions/test/auction-fixtures';
import { buyer, chooseKhalid, floorSold, leaveFields, price, published, setup } from '@/features/auctions/test/lane-console-server';
import { runFixture as run } from '@/features/auctions/test/run-fixture';

const soldBefore = { outcome: 'sold' as const, buyer: { _id: 'b1', name: 'Khalid Buyer1' }, soldFor: 25000, recordedAt: '2031-05-01T12:10:00Z' };

// A lot sold on the floor (lane-console-server's floorSold, AED 25,000) waits for the clerk to name its buyer from the
// room: the lane's result form, with every check it had before the live console.
describe('/auction-events/:eventId/lanes/:lane/console: naming the buyer of a floor sale', () => {
  it('shows the first floor sale without a buyer with its photo, lot, title, mileage and prices, and the lane\'s counts', async () => {
    setup([run(1, soldBefore), run(2), run(3)]);
    expect(await screen.findByRole('heading', { name: 'Lane A console' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Lot 1002' })).toHaveAttribute('src', '/public/vehicles/2.jpg');
    expect(screen.getByRole('link', { name: 'Lot 1002' })).toHaveAttribute('href', '/vehicles/v2');
    expect(screen.getByText('86,502 km')).toBeInTheDocument();
    expect(screen.getByText('AED 15,000.00')).toBeInTheDocument();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Name the buyer of Lot 1002')).toBeInTheDocument();
    expect(screen.getByText('Lot 1002 was sold on the floor for AED 25,000.00: pick the buyer from the room and record the sale.')).toBeInTheDocument();
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('Enter Sold (buyer and price filled) · N No sale · B Buyer · P Price');
    await waitFor(() => expect(price()).toHaveFocus());
    expect(price()).toHaveValue('25000.00');
  });

  it('records the sale with Enter once the buyer is picked, at the lot\'s price, and brings up the next floor sale', async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await waitFor(() => expect(price()).toHaveFocus());
    await user.keyboard('{Enter}');
    // No buyer yet: Enter goes to the buyer; picking one returns to the price, and Enter sells.
    await waitFor(() => expect(buyer()).toHaveFocus());
    await chooseKhalid(user);
    expect(screen.getByText('Available buying power AED 60,000.00')).toBeInTheDocument();
    await user.keyboard('25000{Enter}');
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'sold', buyerId: 'b1', soldFor: '25000', sellerApproved: false }]));
    await waitFor(() => expect(price()).toHaveFocus());
    expect(price()).toHaveValue('25000.00');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
  });

  it('shows the next lot before the server answers (optimistic), and N records no sale', async () => {
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
    leaveFields();
    await user.keyboard('n');
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    release();
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'notSold', sellerApproved: false }]));
  });

  it('records one result for a key held down (its repeats are ignored)', async () => {
    const { sent, user } = setup([run(1), run(2), run(3)]);
    await waitFor(() => expect(price()).toHaveFocus());
    leaveFields();
    await user.keyboard('{n>4/}');
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  it("asks 'Seller accepts?' for a price typed below the reserve and records the sale with the seller's approval", async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await chooseKhalid(user);
    await user.keyboard('18000');
    expect(screen.getByText('Below the reserve of AED 20,000.00: the seller is asked first.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The bid of AED 18,000.00 from Khalid Buyer1 for Lot 1001 is below the reserve of AED 20,000.00.');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Seller accepts' }));
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'sold', buyerId: 'b1', soldFor: '18000', sellerApproved: true }]));
  });

  it("keeps Sold disabled while the price is above the buyer's available buying power, with the reason beside it", async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await chooseKhalid(user);
    await user.keyboard('65,000');
    expect(screen.getByRole('button', { name: 'Sold' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sold' })).toHaveAccessibleDescription('Above the available buying power of AED 60,000.00');
    await user.keyboard('{Enter}');
    expect(sent).toEqual([]);
  });

  it("shows a refusal in the server's words and brings the lot back with what was typed", async () => {
    const refusal = "Khalid Buyer1's buying power falls short by 5,000.00 AED: 50,000.00 AED is available.";
    const { user } = setup([run(1), run(2)], { 'PUT /api/auction-event/results/ev1': { status: 409, body: { message: refusal, errors: [] } } });
    await chooseKhalid(user);
    await user.keyboard('55,000');
    await user.click(screen.getByRole('button', { name: 'Sold' }));
    expect(await screen.findByText(`Lot 1001: ${refusal}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    expect(price()).toHaveValue('55,000');
  });

  it('toasts the recorded result, and its Undo brings the lot back to be named at its price', async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await chooseKhalid(user);
    await user.keyboard('25,000{Enter}');
    expect(await screen.findByText('Lot 1001 sold to Khalid Buyer1 for AED 25,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo the result of Lot 1001' }));
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sent).toEqual([
        { vehicleId: 'v1', outcome: 'sold', buyerId: 'b1', soldFor: '25000', sellerApproved: false },
        { vehicleId: 'v1', outcome: null, sellerApproved: false },
      ]),
    );
    expect(price()).toHaveValue('25000.00');
    expect(await screen.findByText('Lot 1001: result undone')).toBeInTheDocument();
  });

  it("'Undo last result' takes back the result recorded here, not one recorded elsewhere", async () => {
    const { sent, user } = setup([run(1, soldBefore), run(2)]);
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Undo last result$/ })).toBeDisabled();
    leaveFields();
    await user.keyboard('n');
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: /Undo last result \(Lot 1002\)$/ }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ vehicleId: 'v2', outcome: null, sellerApproved: false }));
  });

  it('B focuses the buyer, whose search keeps its letters (N there is a name, not No sale)', async () => {
    const { user } = setup([run(1)]);
    await waitFor(() => expect(price()).toHaveFocus());
    leaveFields();
    await user.keyboard('b');
    expect(buyer()).toHaveFocus();
    await user.keyboard('nb');
    expect(buyer()).toHaveValue('nb');
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
  });

  it('says when every lot of the lane is closed and named', async () => {
    setup([run(1, { outcome: 'notSold', isCurrent: false, recordedAt: '2031-05-01T12:10:00Z' })], {}, [floorSold(1, { result: 'no_sale', leaderSource: null, price: null })]);
    expect(await screen.findByText('Every lot of lane A is closed.')).toBeInTheDocument();
    expect(screen.getByText('0 of 1')).toBeInTheDocument();
  });

  it('says when its sale day has passed, and still takes results (corrections until the event is completed)', async () => {
    setup([run(1)], {
      'POST /api/auction-event/getById/ev1': {
        body: { data: { event: { ...published, saleDay: { open: true, reason: null, today: '2031-05-03' } }, vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 1 } },
      },
    });
    expect(await screen.findByText('The sale day of this event was 01/05/2031; results recorded now correct it until the event is completed.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Hammer price (AED)')).toBeEnabled();
  });

  it.each([
    ['not published yet', eventFixture('ev1')],
    ['not on its sale day', { ...published, saleDay: { open: false, reason: 'Results are recorded from the sale day, 01/05/2031.', today: '2031-04-30' } }],
  ])('says why an event %s takes no result, and disables the form', async (_case, event) => {
    const { sent, user } = setup([run(1)], {
      'POST /api/auction-event/getById/ev1': { body: { data: { event, vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 1 } } },
    });
    expect(await screen.findByText('No result can be recorded in this console today')).toBeInTheDocument();
    expect(screen.getByText(event.saleDay.reason ?? '')).toBeInTheDocument();
    expect(await screen.findByLabelText('Hammer price (AED)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sold' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No sale' })).toBeDisabled();
    await user.keyboard('n{Enter}');
    expect(sent).toEqual([]);
  });
});
