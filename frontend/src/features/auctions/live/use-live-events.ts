import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { eventKey } from '@/features/auctions/api/get-event';
import { eventLiveKey, eventLotsKey, lotEventsAfter, lotKey, lotsKey } from '@/features/auctions/live/live-api';
import { applyLotEvent, lastSequences, receive, seed, type FeedState } from '@/features/auctions/live/lot-feed';
import { LiveSocket, liveEventsUrl, type SocketStatus } from '@/features/auctions/live/live-socket';
import type { EventLive, EventLots, LaneView, LotDetail, LotEventView, LotView } from '@/features/auctions/live/types';
import { getToken } from '@/lib/token-storage';

/** How long a burst of events is gathered before the lots' logs and the lanes' figures are read again. */
const REREAD_MS = 300;

export interface LiveFeed {
  status: SocketStatus;
  /** The server's sentence when it refused the socket. */
  reason?: string;
  /** Server time minus this browser's, in ms (from the last 'ready'): clocks count down on the server's time. */
  offsetMs: number;
}

/** The last sequence held in any cache for the lot, or undefined when no view of it was read. */
function heldSequence(client: QueryClient, eventId: string, lotId: string): number | undefined {
  const detail = client.getQueryData<LotDetail>(lotKey(lotId));
  if (detail) return detail.lastEventSequence;
  const listed = client.getQueryData<EventLots>(eventLotsKey(eventId))?.data.find((lot) => lot.id === lotId);
  if (listed) return listed.lastEventSequence;
  const lanes = client.getQueryData<EventLive>(eventLiveKey(eventId))?.lanes ?? [];
  return lanes.flatMap((lane) => [lane.currentLot, ...lane.nextLots]).find((lot) => lot?.id === lotId)?.lastEventSequence;
}

/** Every cached view of the lot moved by the event. */
function applyToCaches(client: QueryClient, eventId: string, event: LotEventView): void {
  const move = <T extends LotView>(lot: T): T => applyLotEvent(lot, event);
  client.setQueryData<LotDetail>(lotKey(event.lotId), (held) => (held ? move(held) : held));
  client.setQueryData<EventLots>(eventLotsKey(eventId), (held) => (held ? { ...held, data: held.data.map(move) } : held));
  client.setQueryData<EventLive>(eventLiveKey(eventId), (held) =>
    held ? { ...held, lanes: held.lanes.map((lane): LaneView => ({ ...lane, currentLot: lane.currentLot ? move(lane.currentLot) : null, nextLots: lane.nextLots.map(move) })) } : held,
  );
}

/**
 * Keeps the event's lots fresh in React Query's caches from the live feed (WebSocket /api/live/events/{eventId}):
 * every lot event moves the cached views at once, then the lot's log and the lanes are read again; a gap in a
 * lot's sequence is filled from GET /api/lots/{id}/events?after=N; after a reconnection the feed asks for what
 * it missed and the lots are read afresh. `laneId` makes the socket count as a watcher of that lane.
 */
export function useLiveEvents(eventId: string, laneId?: string): LiveFeed {
  const client = useQueryClient();
  const [feed, setFeed] = useState<LiveFeed>({ status: 'connecting', offsetMs: 0 });
  const state = useRef<FeedState>({});

  useEffect(() => {
    if (!eventId) return undefined;
    state.current = {};
    let stopped = false;
    const reading = new Set<string>();
    const stale = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let runsChanged = false;
    const reread = () => {
      timer = null;
      if (runsChanged) void client.invalidateQueries({ queryKey: eventKey(eventId) });
      runsChanged = false;
      for (const lotId of stale) void client.invalidateQueries({ queryKey: lotKey(lotId) });
      stale.clear();
      void client.invalidateQueries({ queryKey: eventLiveKey(eventId) });
    };
    const take = (events: LotEventView[]) => {
      if (stopped) return;
      for (const event of events) {
        const known = heldSequence(client, eventId, event.lotId);
        if (!state.current[event.lotId] && known !== undefined) state.current = seed(state.current, event.lotId, known);
      }
      const heard = receive(state.current, events);
      state.current = heard.state;
      for (const event of heard.apply) {
        applyToCaches(client, eventId, event);
        stale.add(event.lotId);
        // A closed lot has its run's result recorded by the server: the event's lanes and counts are read again.
        if (event.kind === 'closed' || event.kind === 'withdrawn') runsChanged = true;
      }
      if (heard.apply.length > 0 && timer === null) timer = setTimeout(reread, REREAD_MS);
      for (const gap of heard.gaps) {
        if (reading.has(gap.lotId)) continue;
        reading.add(gap.lotId);
        lotEventsAfter(gap.lotId, gap.after)
          .then(take, () => stale.add(gap.lotId))
          .finally(() => reading.delete(gap.lotId));
      }
    };
    // What a reconnection or a feed that fell behind may have missed: asked of the socket, and the lots read again.
    const resync = () => {
      socket.resync(lastSequences(state.current));
      void client.invalidateQueries({ queryKey: lotsKey });
    };
    const socket = new LiveSocket(
      liveEventsUrl(eventId),
      {
        token: getToken,
        onEvent: (event) => take([event]),
        onLane: () => {
          void client.invalidateQueries({ queryKey: eventLiveKey(eventId) });
          void client.invalidateQueries({ queryKey: eventLotsKey(eventId) });
        },
        onReady: (serverTime, again) => {
          const offsetMs = Date.parse(serverTime) - Date.now();
          setFeed((now) => ({ ...now, offsetMs: Number.isNaN(offsetMs) ? now.offsetMs : offsetMs }));
          if (again) resync();
        },
        onResyncNeeded: () => resync(),
        onStatus: (status, reason) => setFeed((now) => ({ ...now, status, reason })),
      },
      laneId,
    );
    socket.start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket.stop();
    };
  }, [client, eventId, laneId]);

  return feed;
}
