import { useEffect, useState, useSyncExternalStore } from 'react';
import { secondsLeft, serverOffsetMs, subscribeServerClock } from '@/bidder/lib/server-clock';

/** Seconds left until `endsAt` on the server's clock, counted down four times a second while there is an end. */
export function useSecondsLeft(endsAt: string | null): number | null {
  const offset = useSyncExternalStore(subscribeServerClock, serverOffsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return secondsLeft(endsAt, offset, now);
}
