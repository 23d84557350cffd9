import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuctionEventLivePage } from '@/features/auctions/pages/auction-event-live-page';
import { laneA, published } from '@/features/auctions/test/lane-console-server';
import { FakeSocket, installFakeSockets } from '@/features/auctions/live/test/fake-socket';
import { lotView } from '@/features/auctions/live/test/live-fixtures';
import type { LaneView } from '@/features/auctions/live/types';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const onBlock = lotView({ id: 'lot1', laneId: 'ev1-A', state: 'open', price: '21000.00', asking: '21500.00', leader: { id: 'm1', name: 'Aisha Bidder' }, leaderSource: 'online', clockEndsAt: '2099-01-01T00:00:00Z', lastEventSequence: 7 });

function setup(lanes: LaneView[], status = 200) {
  installFakeSockets();
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/getById/ev1': { body: { data: { event: published, vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 3 } } },
    'GET /api/auction-events/ev1/live': status === 200 ? { body: { lanes, serverTime: '2031-05-01T12:00:00Z' } } : { status, body: { message: 'This auction event does not exist.' } },
  });
  renderWithProviders(<AuctionEventLivePage />, { path: '/auction-events/:eventId/live', route: '/auction-events/ev1/live' });
  return { fetch };
}

describe('/auction-events/:eventId/live', () => {
  it('shows every lane at once: the lot on the block, price, leader, countdown, pace, watchers and counts, with a link to its console', async () => {
    setup([
      laneA({ mode: 'online', currentLot: onBlock, bidsPerMinute: 12, watchers: 4, lotsLeft: 5, lotsSold: 2, lotsOnApproval: 1, lotsNoSale: 3 }),
      laneA({ laneId: 'ev1-B', laneNumber: 2, state: 'paused', pauseReason: 'The sale of Lot 1002 to Khalid Buyer1 was refused: an overdue invoice. Close it as no sale, then resume the lane.' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Live view · Dubai Thursday Live Sale' })).toBeInTheDocument();
    const a = screen.getByRole('region', { name: 'Lane A' });
    expect(within(a).getByText('Online lane')).toBeInTheDocument();
    expect(within(a).getByText('Running')).toBeInTheDocument();
    expect(within(a).getByText('Lot 1001 · Toyota Land Cruiser 1')).toBeInTheDocument();
    expect(within(a).getByText('AED 21,000.00')).toBeInTheDocument();
    expect(within(a).getByText('Aisha Bidder')).toBeInTheDocument();
    expect(within(a).getByText('Online')).toBeInTheDocument();
    expect(within(a).getByRole('timer', { name: 'Countdown' })).toBeInTheDocument();
    const figure = (label: string) => within(a).getByText(label).closest('td')?.textContent;
    expect(figure('Bids per minute')).toBe('Bids per minute12');
    expect(figure('Online watchers')).toBe('Online watchers4');
    expect(figure('Lots left')).toBe('Lots left5');
    expect(figure('Sold')).toBe('Sold2');
    expect(figure('On approval')).toBe('On approval1');
    expect(figure('No sale')).toBe('No sale3');
    expect(within(a).getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/auction-events/ev1/lanes/A/console');
    const b = screen.getByRole('region', { name: 'Lane B' });
    expect(within(b).getByText('Paused')).toBeInTheDocument();
    expect(within(b).getByText('The lane was paused: staff are needed')).toBeInTheDocument();
    expect(within(b).getByText(/^The sale of Lot 1002 to Khalid Buyer1 was refused/)).toBeInTheDocument();
    expect(within(a).queryByText('The lane was paused: staff are needed')).not.toBeInTheDocument();
    expect(within(b).getByText('No lot on the block')).toBeInTheDocument();
  });

  it('moves a lane’s lot with the events the feed brings', async () => {
    setup([laneA({ currentLot: onBlock })]);
    const a = await screen.findByRole('region', { name: 'Lane A' });
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    const socket = FakeSocket.last();
    act(() => socket.ready('2031-05-01T12:00:00Z'));
    expect(socket.sent).toEqual([{ type: 'auth', token: '' }]);
    act(() =>
      socket.receive({ type: 'lot_event', lotId: 'lot1', eventId: 'ev1', laneId: 'ev1-A', sequence: 8, at: '2031-05-01T12:00:05Z', kind: 'bid', payload: { price: '22000.00', asking: '22500.00', leaderId: 'm1', leaderSource: 'online' } }),
    );
    expect(await within(a).findByText('AED 22,000.00')).toBeInTheDocument();
  });

  it("says the feed refused the session in the server's words, and connects no more", async () => {
    setup([laneA()]);
    await screen.findByRole('region', { name: 'Lane A' });
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    act(() => {
      FakeSocket.last().open();
      FakeSocket.last().close(4403, 'Your role may not view auctions.');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The live feed refused this session: Your role may not view auctions.');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('says when the event does not exist', async () => {
    setup([], 404);
    expect(await screen.findByText('This auction event does not exist.')).toBeInTheDocument();
  });
});
