import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { CloseIntent, EventLive, EventLots, LaneView, LotDetail, LotEventView, LotView } from '@/features/auctions/live/types';

/** Every live bidding query starts with this key: one invalidation refreshes them all. */
export const lotsKey = ['lots'] as const;
export const eventLotsKey = (eventId: string) => [...lotsKey, 'event', eventId] as const;
export const lotKey = (lotId: string) => [...lotsKey, 'lot', lotId] as const;
export const eventLiveKey = (eventId: string) => [...lotsKey, 'live', eventId] as const;

const id = encodeURIComponent;

/** GET /api/auction-events/{eventId}/lots: every lot of the event in lane and run order (the server makes missing ones). */
export function eventLotsQueryOptions(eventId: string) {
  return queryOptions({ queryKey: eventLotsKey(eventId), queryFn: () => apiRequest<EventLots>(`/auction-events/${id(eventId)}/lots`) });
}

/** GET /api/lots/{lotId}: the lot, its bid log and the maxima on it. */
export function lotQueryOptions(lotId: string) {
  return queryOptions({ queryKey: lotKey(lotId), queryFn: () => apiRequest<LotDetail>(`/lots/${id(lotId)}`) });
}

/** GET /api/auction-events/{eventId}/live: every lane of the event at once. */
export function eventLiveQueryOptions(eventId: string) {
  return queryOptions({ queryKey: eventLiveKey(eventId), queryFn: () => apiRequest<EventLive>(`/auction-events/${id(eventId)}/live`) });
}

export const useEventLots = (eventId: string) => useQuery(eventLotsQueryOptions(eventId));
/**
 * How often the live page and the console read the lanes again on their own: the watchers (staff and online bidders)
 * come and go without a lot event to say so. Lot and lane events read them again at once.
 */
export const WATCHERS_REFRESH_MS = 15_000;

export const useEventLive = (eventId: string) => useQuery({ ...eventLiveQueryOptions(eventId), refetchInterval: WATCHERS_REFRESH_MS });
export function useLot(lotId: string | undefined) {
  return useQuery({ ...lotQueryOptions(lotId ?? ''), enabled: Boolean(lotId) });
}

/** GET /api/lots/{lotId}/events?after=N: what a watcher missed. */
export async function lotEventsAfter(lotId: string, after: number): Promise<LotEventView[]> {
  const answer = await apiRequest<{ data: LotEventView[] }>(`/lots/${id(lotId)}/events?after=${after}`, { silent: true });
  return answer.data;
}

/** The lot as the server answered it, put wherever it is held (the event's lots, its detail, its lane's view). */
export function storeLot(client: QueryClient, lot: LotView): void {
  const newer = <T extends LotView>(held: T): T => (held.id === lot.id && held.lastEventSequence <= lot.lastEventSequence ? { ...held, ...lot } : held);
  client.setQueryData<EventLots>(eventLotsKey(lot.eventId), (held) => (held ? { ...held, data: held.data.map(newer) } : held));
  client.setQueryData<LotDetail>(lotKey(lot.id), (held) => (held ? newer(held) : held));
  client.setQueryData<EventLive>(eventLiveKey(lot.eventId), (held) =>
    held
      ? {
          ...held,
          lanes: held.lanes.map((lane): LaneView => ({ ...lane, currentLot: lane.currentLot ? newer(lane.currentLot) : null, nextLots: lane.nextLots.map(newer) })),
        }
      : held,
  );
}

/** The clerk's moves on a lot (POST /api/lots/{lotId}/...): each answers the lot as it now is. */
export type LotMove = { kind: 'open' } | { kind: 'floorBid'; amount?: string } | { kind: 'close'; intent: CloseIntent } | { kind: 'withdraw' };

export function sendLotMove(lotId: string, move: LotMove): Promise<LotView> {
  const path = `/lots/${id(lotId)}`;
  switch (move.kind) {
    case 'open':
      return apiRequest<LotView>(`${path}/open`, { method: 'POST' });
    case 'floorBid':
      return apiRequest<LotView>(`${path}/floor-bids`, { method: 'POST', body: move.amount === undefined ? {} : { amount: move.amount } });
    case 'close':
      return apiRequest<LotView>(`${path}/close`, { method: 'POST', body: { intent: move.intent } });
    case 'withdraw':
      return apiRequest<LotView>(`${path}/withdraw`, { method: 'POST' });
  }
}

/** One move on a lot; the answer is stored at once and the lot's log read again (a refused bid is logged too). */
export function useLotMove(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, move }: { lotId: string; move: LotMove }) => sendLotMove(lotId, move),
    onSuccess: (lot) => storeLot(client, lot),
    onSettled: (_lot, _error, { lotId }) => {
      void client.invalidateQueries({ queryKey: lotKey(lotId) });
      void client.invalidateQueries({ queryKey: eventLotsKey(eventId) });
      void client.invalidateQueries({ queryKey: eventLiveKey(eventId) });
    },
  });
}

/** POST /api/lanes/{laneId}/pause | /resume: the whole lane held or run on. */
export function useLaneMove(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ laneId, move }: { laneId: string; move: 'pause' | 'resume' }) => apiRequest<LaneView>(`/lanes/${id(laneId)}/${move}`, { method: 'POST' }),
    onSuccess: (lane) =>
      client.setQueryData<EventLive>(eventLiveKey(eventId), (held) => (held ? { ...held, lanes: held.lanes.map((one) => (one.laneId === lane.laneId ? lane : one)) } : held)),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eventLotsKey(eventId) });
      void client.invalidateQueries({ queryKey: eventLiveKey(eventId) });
    },
  });
}
