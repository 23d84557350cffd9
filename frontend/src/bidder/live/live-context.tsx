import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getBidderToken } from '@/bidder/lib/bidder-token';
import { noteServerTime } from '@/bidder/lib/server-clock';
import { BidderSocket, bidderLiveUrl, type BidderSocketStatus } from '@/bidder/live/bidder-socket';
import { applyToCache, heldSequences } from '@/bidder/live/cache';
import type { WatchSubject } from '@/bidder/live/messages';

interface Live {
  status: BidderSocketStatus;
  socket: BidderSocket | null;
}

const LiveContext = createContext<Live>({ status: 'connecting', socket: null });

/** One bidder socket for the signed-in page: its events go into the query cache. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [status, setStatus] = useState<BidderSocketStatus>('connecting');
  const [socket] = useState(
    () =>
      new BidderSocket({
      url: bidderLiveUrl(),
      token: getBidderToken,
      lastSequences: () => heldSequences(client),
      onReady: (serverTime) => noteServerTime(serverTime, Date.now()),
      onEvent: (event) => applyToCache(client, event),
      onResyncNeeded: (serverTime) => noteServerTime(serverTime, Date.now()),
      onStatus: (next) => setStatus(next),
    }),
  );

  useEffect(() => {
    socket.start();
    return () => socket.stop();
  }, [socket]);

  const value = useMemo(() => ({ status, socket }), [status, socket]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/**
 * Follows `subject` on the socket while the calling page is shown, and says how often the page should read the
 * server itself: rarely while the socket is live, every few seconds while it is not (no socket yet, or reconnecting).
 */
export function useLive(subject: WatchSubject | null, pollMs = 10_000): { live: boolean; refetchInterval: number } {
  const { status, socket } = useContext(LiveContext);
  const key = subject ? JSON.stringify(subject) : '';
  useEffect(() => {
    if (socket && key) socket.watch(JSON.parse(key) as WatchSubject);
  }, [socket, key]);
  const live = status === 'live';
  return { live, refetchInterval: live ? 60_000 : pollMs };
}

export function useLiveStatus(): BidderSocketStatus {
  return useContext(LiveContext).status;
}
