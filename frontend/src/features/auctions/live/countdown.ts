import { useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (ISO) on the server's clock (`offsetMs`: server minus browser), never below 0. */
export function secondsLeft(endsAt: string | null, offsetMs: number, nowMs: number): number | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - (nowMs + offsetMs)) / 1000));
}

/** `secondsLeft`, counted down four times a second while a clock runs. */
export function useSecondsLeft(endsAt: string | null, offsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return secondsLeft(endsAt, offsetMs, now);
}
