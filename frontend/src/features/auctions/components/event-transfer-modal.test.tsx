import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EventTransferModal } from '@/features/auctions/components/event-transfer-modal';
import { auctionFixture, eventFixture, listOf } from '@/features/auctions/test/auction-fixtures';
import { runFixture } from '@/features/auctions/test/run-fixture';
import { findDialog } from '@/test/dialog';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';
import '@/lib/i18n/strings/auction-events';

const source = eventFixture('ev1', { auctionEventStatus: 'publish' });
// Selected in another order than they run: lane B's first, then lane A's second and first.
const runs = [runFixture(3, { laneId: 'ev1-B', lane: 'B', runNumber: 1 }), runFixture(2), runFixture(1)];
const other = auctionFixture('a2', { auctionTitle: 'Sharjah Online Sale', location: { _id: 'loc2', title: 'Sharjah Yard', city: 'Sharjah' } });
const twoLanes = eventFixture('ev9', { auctionId: 'a2', auctionTitle: 'Sharjah Online Sale', startDate: '2031-05-08T12:00:00Z' });
const oneLane = eventFixture('ev7', {
  auctionId: 'a2',
  auctionTitle: 'Sharjah Online Sale',
  startDate: '2031-05-15T12:00:00Z',
  lanes: [{ _id: 'ev7-A', laneNumber: 1, laneLetter: 'A', minRange: null, maxRange: null, vehicleCount: 0 }],
  vehicleCount: 0,
});
const TRANSFER = 'PUT /api/auction-event/transfer-vehicle';

function setup(api: MockRoutes = {}) {
  const fetch = mockFetch({
    'POST /api/auctions/get': { body: listOf([auctionFixture('a1'), other]) },
    'GET /api/auction-event/all-auction-events/a2': { body: { data: [twoLanes, oneLane] } },
    [TRANSFER]: { body: { message: '3 vehicles moved to the event of 08/05/2031.', event: twoLanes } },
    ...api,
  });
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<EventTransferModal source={source} runs={runs} onDone={onDone} onClose={onClose} />);
  return { fetch, onDone, onClose, user: userEvent.setup() };
}

function sent(fetch: ReturnType<typeof mockFetch>): unknown[] {
  return fetch.mock.calls.filter(([url, init]) => url === '/api/auction-event/transfer-vehicle' && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
}

describe('EventTransferModal', () => {
  it("keeps the vehicles' lanes and order: placement 'keep', the vehicles naming no lane", async () => {
    const { fetch, onDone, user } = setup();
    const dialog = await findDialog('Transfer 3 vehicles');
    await pickOption(user, 'Auction', /^Sharjah Online Sale/);
    await pickOption(user, 'Event', '08/05/2031 16:00 · Draft · 2 vehicles');
    await pickOption(user, 'Lane', 'Keep their lanes and order');
    expect(dialog).toHaveTextContent('Each vehicle goes to the end of the lane of the same letter in that event, in the order they run here.');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('3 vehicles moved to the event of 08/05/2031.')).toBeInTheDocument();
    expect(sent(fetch)).toEqual([
      { sourceEventId: 'ev1', targetEventId: 'ev9', placement: 'keep', vehicles: [{ vehicleId: 'v3' }, { vehicleId: 'v2' }, { vehicleId: 'v1' }] },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says which lane the event lacks before sending, and the emptiest lane still moves them', async () => {
    const { fetch, user } = setup();
    const dialog = await findDialog('Transfer 3 vehicles');
    await pickOption(user, 'Auction', /^Sharjah Online Sale/);
    await pickOption(user, 'Event', '15/05/2031 16:00 · Draft · 0 vehicles');
    await pickOption(user, 'Lane', 'Keep their lanes and order');
    expect(dialog).toHaveTextContent('That event has no lane B for Lot 1003: choose a lane or the emptiest lane.');
    const submit = within(dialog).getByRole('button', { name: 'Transfer' });
    expect(submit).toBeDisabled();

    await pickOption(user, 'Lane', 'Emptiest lane');
    expect(dialog).not.toHaveTextContent('That event has no lane B');
    await user.click(submit);
    await waitFor(() => expect(sent(fetch)).toHaveLength(1));
    expect(sent(fetch)[0]).toEqual({ sourceEventId: 'ev1', targetEventId: 'ev7', vehicles: [{ vehicleId: 'v3' }, { vehicleId: 'v2' }, { vehicleId: 'v1' }] });
  });

  it("shows the server's sentence when it refuses to keep a lane, and the dialog stays open", async () => {
    const message = 'The target event has only lane A; there is no lane B for Lot 1003. Choose a lane or the emptiest lane.';
    const { onClose, user } = setup({ [TRANSFER]: { status: 422, body: { message, errors: [{ field: 'placement', message }] } } });
    const dialog = await findDialog('Transfer 3 vehicles');
    await pickOption(user, 'Auction', /^Sharjah Online Sale/);
    await pickOption(user, 'Event', '08/05/2031 16:00 · Draft · 2 vehicles');
    await pickOption(user, 'Lane', 'Keep their lanes and order');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });
});
