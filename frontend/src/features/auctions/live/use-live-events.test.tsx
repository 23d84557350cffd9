import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { eventKey } from '@/features/auctions/api/get-event';
import { eventLotsKey, lotKey } from '@/features/auctions/live/live-api';
import { FakeSocket, installFakeSockets } from '@/features/auctions/live/test/fake-socket';
import { lotDetail, lotEvent, lotView } from '@/features/auctions/live/test/live-fixtures';
import type { EventLots, LotDetail } from '@/features/auctions/live/types';
import { useLiveEvents } from '@/features/auctions/live/use-live-events';
import { mockFetch } from '@/test/fetch-mock';

const bid = (sequence: number, price: string) => ({ type: 'lot_event', ...lotEvent(sequence, { payload: { price, asking: price } }) });

function setup(missed: ReturnType<typeof lotEvent>[] = []) {
  installFakeSockets();
  const fetch = mockFetch({
    'GET /api/lots/lot1/events?after=3': { body: { data: missed } },
    'GET /api/lots/lot1': { body: lotDetail({ state: 'open', lastEventSequence: 3 }) },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<EventLots>(eventLotsKey('ev1'), { data: [lotView({ state: 'open', lastEventSequence: 3, price: '20000.00' })], serverTime: '2031-05-01T12:00:00Z' });
  client.setQueryData<LotDetail>(lotKey('lot1'), lotDetail({ state: 'open', lastEventSequence: 3, price: '20000.00' }));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveEvents('ev1'), { wrapper });
  const socket = FakeSocket.last();
  act(() => socket.ready(new Date(Date.now() + 5000).toISOString()));
  const price = () => client.getQueryData<EventLots>(eventLotsKey('ev1'))?.data[0]?.price;
  return { hook, socket, client, fetch, price };
}

describe('useLiveEvents', () => {
  it('moves the cached lot with the next event, ignores one heard twice, and takes the server clock’s offset', async () => {
    const { socket, price, hook, client } = setup();
    act(() => socket.receive(bid(4, '20500.00')));
    expect(price()).toBe('20500.00');
    expect(client.getQueryData<LotDetail>(lotKey('lot1'))?.price).toBe('20500.00');
    act(() => socket.receive(bid(4, '99999.00')));
    expect(price()).toBe('20500.00');
    expect(hook.result.current.status).toBe('live');
    expect(hook.result.current.offsetMs).toBeGreaterThan(4000);
  });

  it('reads the lanes again once a lot closes (the server recorded its run’s result)', async () => {
    const { socket, client } = setup();
    const lane = [...eventKey('ev1'), 'lane', 'A', 'all'];
    client.setQueryData(lane, { runs: [] });
    act(() => socket.receive({ type: 'lot_event', ...lotEvent(4, { kind: 'closed', payload: { result: 'sold', price: '20000.00' } }) }));
    expect(client.getQueryData<EventLots>(eventLotsKey('ev1'))?.data[0]).toMatchObject({ state: 'closed', result: 'sold' });
    await waitFor(() => expect(client.getQueryState(lane)?.isInvalidated).toBe(true));
  });

  it('reads what a gap hides (GET /api/lots/{id}/events?after=N) and applies everything in order', async () => {
    const { socket, price, fetch } = setup([lotEvent(4, { payload: { price: '20500.00' } }), lotEvent(5, { payload: { price: '21000.00' } })]);
    act(() => socket.receive(bid(6, '21500.00')));
    expect(price()).toBe('20000.00');
    await waitFor(() => expect(price()).toBe('21500.00'));
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/lots/lot1/events?after=3');
  });

  it('when the server says its feed fell behind, asks for every lot after its last sequence', () => {
    const { socket } = setup();
    act(() => socket.receive(bid(4, '20500.00')));
    act(() => socket.receive({ type: 'resync_needed', serverTime: '2031-05-01T12:00:09Z' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'resync', lots: { lot1: 4 } });
  });

  it('after a reconnection asks the socket for every lot after its last sequence', () => {
    vi.useFakeTimers();
    const { socket } = setup();
    act(() => socket.receive(bid(4, '20500.00')));
    act(() => socket.close(1006));
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    const again = FakeSocket.last();
    expect(again).not.toBe(socket);
    act(() => again.ready());
    expect(again.sent).toEqual([{ type: 'auth', token: '' }, { type: 'resync', lots: { lot1: 4 } }]);
  });
});
