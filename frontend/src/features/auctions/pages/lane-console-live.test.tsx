import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { floorSold, laneA, setup, waitingLot } from '@/features/auctions/test/lane-console-server';
import { FakeSocket } from '@/features/auctions/live/test/fake-socket';
import { bidRow } from '@/features/auctions/live/test/live-fixtures';
import type { LotDetail } from '@/features/auctions/live/types';
import { runFixture as run } from '@/features/auctions/test/run-fixture';
import type { MockAnswer, MockRoutes } from '@/test/fetch-mock';

/** Lot 1001 open at AED 20,000, led by Aisha's absentee maximum; two accepted bids, one maximum; lot 1002 waits. */
const open = (overrides: Partial<LotDetail> = {}) =>
  floorSold(1, {
    state: 'open',
    result: null,
    price: '20000.00',
    asking: '20500.00',
    leader: { id: 'm1', name: 'Aisha Bidder' },
    leaderSource: 'absentee',
    clockEndsAt: '2099-01-01T00:00:00Z',
    lastEventSequence: 4,
    bids: [
      bidRow(2, { amount: '15000.00', source: 'floor' }),
      bidRow(3, { amount: '20000.00', source: 'absentee', bidder: { id: 'm1', name: 'Aisha Bidder' }, maximum: null, automatic: true }),
      bidRow(4, { amount: '19000.00', accepted: false, reason: 'below_asking' }),
    ],
    maxima: [{ bidder: { id: 'm1', name: 'Aisha Bidder' }, amount: '30000.00', source: 'absentee', at: '2031-05-01T09:00:00Z' }],
    ...overrides,
  });

/** The console on lane A with lot 1001 as given and 1002 waiting; `moves` answers the lots' POSTs. */
function liveConsole(lot: LotDetail, moves: Record<string, MockAnswer | ((init: RequestInit | undefined) => MockAnswer)> = {}, reads: MockRoutes = {}) {
  const posts: string[] = [];
  const routes = Object.fromEntries(
    Object.entries(moves).map(([route, answer]) => [
      route,
      (init: RequestInit | undefined) => {
        posts.push(`${route} ${String(init?.body ?? '')}`.trim());
        return typeof answer === 'function' ? answer(init) : answer;
      },
    ]),
  );
  const result = setup([run(1), run(2)], { ...routes, ...reads }, [lot, waitingLot(2)]);
  return { ...result, posts };
}

const leave = () => (document.activeElement as HTMLElement | null)?.blur();

describe('/auction-events/:eventId/lanes/:lane/console: the live console', () => {
  it('shows the lot on the block: asking price, price, leader and source, countdown, ladder newest first, maxima, next lots', async () => {
    liveConsole(open());
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    expect(screen.getByText('AED 20,500.00')).toBeInTheDocument();
    expect(screen.getByText('Aisha Bidder')).toBeInTheDocument();
    expect(screen.getByText('Absentee')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Counter-bid time (advice: the clerk closes the lot)' })).toBeInTheDocument();
    const ladder = await screen.findByRole('list', { name: 'Bid ladder' });
    expect(within(ladder).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^AED 20,000.00 · Absentee · Aisha Bidderautomatic/),
      expect.stringMatching(/^AED 15,000.00 · Floor · Floor/),
    ]);
    expect(within(screen.getByRole('list', { name: 'Absentee maxima (staff only)' })).getByText('Aisha Bidder · up to AED 30,000.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Next lots' })).getByText('Run 2 · Lot 1002 · Toyota Land Cruiser 2 · opening AED 15,000.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('F Floor bid at the asking price · H Sold to the leader');
  });

  it('F keys a floor bid at the asking price, H sells to the leader; the buttons do the same', async () => {
    const { posts, user } = liveConsole(open(), {
      'POST /api/lots/lot1/floor-bids': { body: open({ price: '20500.00', leaderSource: 'floor', leader: null, lastEventSequence: 5 }) },
      'POST /api/lots/lot1/close': { body: open({ state: 'closed', result: 'sold', lastEventSequence: 6 }) },
    });
    await screen.findByRole('button', { name: 'Floor bid at AED 20,500.00' });
    leave();
    await user.keyboard('f');
    await waitFor(() => expect(posts).toEqual(['POST /api/lots/lot1/floor-bids {}']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sold' })).toBeEnabled());
    leave();
    await user.keyboard('h');
    await waitFor(() => expect(posts).toEqual(['POST /api/lots/lot1/floor-bids {}', 'POST /api/lots/lot1/close {"intent":"sold"}']));
  });

  it('never acts on F or H while the focus is in a field, and sends one move at a time', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { posts, user } = liveConsole(open(), { 'POST /api/lots/lot1/floor-bids': { body: open({ lastEventSequence: 5 }) } });
    await screen.findByRole('button', { name: 'Floor bid at AED 20,500.00' });
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('fh');
    expect(field).toHaveValue('fh');
    field.remove();
    expect(posts).toEqual([]);
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await gate;
      return answer(input, init);
    });
    leave();
    await user.keyboard('f');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Floor bid at AED 20,500.00' })).toBeDisabled());
    await user.keyboard('f');
    await user.click(screen.getByRole('button', { name: 'Floor bid at AED 20,500.00' }));
    release();
    await waitFor(() => expect(posts).toEqual(['POST /api/lots/lot1/floor-bids {}']));
  });

  it("shows a refused move in the server's words", async () => {
    const sentence = 'A bid of AED 20,000.00 is below the asking price of AED 20,500.00.';
    const { user } = liveConsole(open(), { 'POST /api/lots/lot1/floor-bids': { status: 422, body: { message: sentence, errors: [{ field: 'amount', message: sentence }] } } });
    await user.click(await screen.findByRole('button', { name: 'Floor bid at AED 20,500.00' }));
    expect(await screen.findByText(`Lot 1001: ${sentence}`)).toBeInTheDocument();
  });

  it("asks before passing a lot that has a bid, the focus on 'Back', and sends to approval without asking", async () => {
    const { posts, user } = liveConsole(open(), {
      'POST /api/lots/lot1/close': (init) => ({ body: open({ state: 'closed', result: JSON.parse(String(init?.body)).intent === 'approval' ? 'on_approval' : 'no_sale' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'No sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'No sale for Lot 1001?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'No sale' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close as no sale' }));
    await waitFor(() => expect(posts).toEqual(['POST /api/lots/lot1/close {"intent":"no_sale"}']));
  });

  it('sends a lot to the seller’s approval', async () => {
    const { posts, user } = liveConsole(open(), { 'POST /api/lots/lot1/close': { body: open({ state: 'closed', result: 'on_approval' }) } });
    await user.click(await screen.findByRole('button', { name: 'Send to approval' }));
    await waitFor(() => expect(posts).toEqual(['POST /api/lots/lot1/close {"intent":"approval"}']));
  });

  it('opens a waiting lot, withdraws one after asking, and pauses the lane', async () => {
    let lane = laneA();
    const { posts, user } = liveConsole(
      waitingLot(1),
      {
        'POST /api/lots/lot1/open': { body: open() },
        'POST /api/lots/lot1/withdraw': { body: waitingLot(1, { state: 'withdrawn' }) },
        'POST /api/lanes/ev1-A/pause': () => {
          lane = laneA({ state: 'paused' });
          return { body: lane };
        },
      },
      { 'GET /api/auction-events/ev1/live': () => ({ body: { lanes: [lane], serverTime: '2031-05-01T12:00:00Z' } }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Withdraw lot' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Withdraw Lot 1001?' })).getByRole('button', { name: 'Withdraw the lot' }));
    await waitFor(() => expect(posts).toEqual(['POST /api/lots/lot1/withdraw']));
    await user.click(await screen.findByRole('button', { name: 'Pause lane' }));
    await waitFor(() => expect(posts.at(-1)).toBe('POST /api/lanes/ev1-A/pause'));
    expect(await screen.findByRole('button', { name: 'Resume lane' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open lot' }));
    await waitFor(() => expect(posts.at(-1)).toBe('POST /api/lots/lot1/open'));
  });

  it('offers no floor bid in an Online lane (F does nothing there), and its countdown is the lane’s own', async () => {
    const { posts, user } = liveConsole(open(), {}, { 'GET /api/auction-events/ev1/live': { body: { lanes: [laneA({ mode: 'online' })], serverTime: '2031-05-01T12:00:00Z' } } });
    expect(await screen.findByText('Online lane · Running')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Countdown' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Floor bid/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent(/^H Sold to the leader$/);
    leave();
    await user.keyboard('f');
    expect(posts).toEqual([]);
  });

  it('authenticates its socket, watches the lane and moves the lot with the events it hears', async () => {
    window.localStorage.setItem('token', 'staff-token');
    liveConsole(open());
    await screen.findByText('AED 20,500.00');
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    const socket = FakeSocket.last();
    expect(socket.url).toBe(`ws://${window.location.host}/api/live/events/ev1`);
    act(() => socket.ready('2031-05-01T12:00:00Z'));
    expect(socket.sent).toEqual([{ type: 'auth', token: 'staff-token' }, { type: 'watch', laneId: 'ev1-A' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Live');
    act(() =>
      socket.receive({ type: 'lot_event', lotId: 'lot1', eventId: 'ev1', laneId: 'ev1-A', sequence: 5, at: '2031-05-01T12:00:05Z', kind: 'bid', payload: { price: '20500.00', asking: '21000.00', leaderId: null, leaderSource: 'floor' } }),
    );
    expect(await screen.findByRole('button', { name: 'Floor bid at AED 21,000.00' })).toBeInTheDocument();
  });
});
