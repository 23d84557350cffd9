import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BIDDER_TOKEN_KEY } from '@/bidder/lib/bidder-token';
import { FakeSocket, installFakeSockets } from '@/bidder/test/fake-socket';
import { bidderEvent, bidderLot, lotEvent, me } from '@/bidder/test/fixtures';
import { renderBidder } from '@/bidder/test/render';
import { mockFetch } from '@/test/fetch-mock';

describe('live updates on the bidder page', () => {
  beforeEach(installFakeSockets);

  it('works from the API while the socket is away, then applies the socket’s events, and says when it is away again', async () => {
    window.localStorage.setItem(BIDDER_TOKEN_KEY, 'bid_abc');
    mockFetch({
      'GET /api/bidder/me': { body: { bidder: me } },
      'GET /api/bidder/events': { body: { data: [bidderEvent()] } },
      'GET /api/bidder/events/ev1/lots': { body: { data: [bidderLot({ lastEventSequence: 7 })], serverTime: new Date().toISOString() } },
    });
    renderBidder('/bid/events/ev1');
    expect(await screen.findByText('Outbid')).toBeInTheDocument();
    expect(screen.getByText('Live updates paused: the page refreshes every few seconds.')).toBeInTheDocument();

    const socket = FakeSocket.last();
    act(() => socket.ready());
    await waitFor(() => expect(screen.queryByText(/Live updates paused/)).not.toBeInTheDocument());
    expect(socket.sent).toEqual([{ type: 'auth', token: 'bid_abc' }, { type: 'watch', eventId: 'ev1' }]);

    act(() => socket.receive({ type: 'lot_event', ...lotEvent(8, { price: '15500.00', asking: '16000.00', leader: 'you', myStatus: 'leading' }) }));
    expect(await screen.findByText('Leading')).toBeInTheDocument();
    expect(screen.getByText('Current bid: AED 15,500.00')).toBeInTheDocument();

    act(() => socket.close(1006));
    expect(await screen.findByText(/Live updates paused/)).toBeInTheDocument();
  });
});
