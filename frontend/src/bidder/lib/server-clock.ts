/**
 * The server's clock as this device sees it: `offsetMs` is server time minus device time, learnt from the
 * `serverTime` of the bidder API's answers and of the socket's 'ready'. Time left on a lot is counted on it, never
 * on the device's own clock (a phone's clock may be minutes off).
 */
let offsetMs = 0;
/** How far the sample could be off (half the request's round trip); a better sample replaces a worse one. */
let uncertaintyMs = Number.POSITIVE_INFINITY;
const listeners = new Set<() => void>();

/**
 * A reading of the server's clock (`serverTime`, ISO) received between `sentAtMs` and `receivedAtMs` on the device.
 * A reading at least as precise as the held one replaces it; so does any reading after the held one has aged (a
 * device's clock may be set while the page is open), which `age` decides by a newer round trip.
 */
export function noteServerTime(serverTime: string, sentAtMs: number, receivedAtMs: number = sentAtMs): void {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return;
  const uncertainty = Math.max(0, (receivedAtMs - sentAtMs) / 2);
  const next = server - (sentAtMs + receivedAtMs) / 2;
  // A sample as precise (within 250 ms) as the held one is newer, so it wins: the device's clock may have moved.
  if (uncertainty > uncertaintyMs + 250) return;
  uncertaintyMs = uncertainty;
  if (next === offsetMs) return;
  offsetMs = next;
  listeners.forEach((listener) => listener());
}

export function serverOffsetMs(): number {
  return offsetMs;
}

export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget every reading. */
export function resetServerClock(): void {
  offsetMs = 0;
  uncertaintyMs = Number.POSITIVE_INFINITY;
}

/** Whole seconds from the server's now until `endsAt` (ISO), never below 0; null without an end. */
export function secondsLeft(endsAt: string | null, offset: number, deviceNowMs: number): number | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - (deviceNowMs + offset)) / 1000));
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
