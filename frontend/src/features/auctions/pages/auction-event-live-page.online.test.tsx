import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuctionEventLivePage } from '@/features/auctions/pages/auction-event-live-page';
import { laneA, published } from '@/features/auctions/test/lane-console-server';
import { installFakeSockets } from '@/features/auctions/live/test/fake-socket';
import { lotView } from '@/features/auctions/live/test/live-fixtures';
import type { LaneView } from '@/features/auctions/live/types';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const onBlock = lotView({ id: 'lot1', laneId: 'ev1-A', state: 'open', price: '21000.00', asking: '21500.00', leader: { id: 'm2', name: 'Sara Khan', paddle: 104 }, leaderSource: 'online', clockEndsAt: '2099-01-01T00:00:00Z', lastEventSequence: 7 });

function setup(lanes: LaneView[]) {
  installFakeSockets();
  mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/getById/ev1': { body: { data: { event: published, vehicles: [], totalPages: 1, currentPage: 1, totalMatching: 3 } } },
    'GET /api/auction-events/ev1/live': { body: { lanes, onlineWatchers: 130, serverTime: '2031-05-01T12:00:00Z' } },
  });
  renderWithProviders(<AuctionEventLivePage />, { path: '/auction-events/:eventId/live', route: '/auction-events/ev1/live' });
}

describe('/auction-events/:eventId/live and members bidding online', () => {
  it('shows each lane’s online bidders watching beside its staff watchers, and an online leader with their paddle', async () => {
    setup([laneA({ currentLot: onBlock, watchers: 3, onlineWatchers: 120 }), laneA({ laneId: 'ev1-B', laneNumber: 2, watchers: 0, onlineWatchers: 10 })]);
    const a = await screen.findByRole('region', { name: 'Lane A' });
    const figure = (lane: HTMLElement, label: string) => within(lane).getByText(label).closest('td')?.textContent;
    expect(figure(a, 'Online watchers')).toBe('Online watchers3');
    expect(figure(a, 'Online bidders watching')).toBe('Online bidders watching120');
    expect(within(a).getByText('Sara Khan · paddle 104')).toBeInTheDocument();
    const b = screen.getByRole('region', { name: 'Lane B' });
    expect(figure(b, 'Online bidders watching')).toBe('Online bidders watching10');
  });
});
