/**
 * The bidder session's token, kept apart from the staff token: its own key, read only by the bidder page's client.
 * localStorage, so a phone stays signed in across tabs and restarts (the server ends an idle session in 24 hours).
 */
export const BIDDER_TOKEN_KEY = 'gavel.bidderToken';

const listeners = new Set<() => void>();

export function getBidderToken(): string | null {
  return window.localStorage.getItem(BIDDER_TOKEN_KEY);
}

export function saveBidderToken(token: string): void {
  window.localStorage.setItem(BIDDER_TOKEN_KEY, token);
  listeners.forEach((listener) => listener());
}

export function clearBidderToken(): void {
  window.localStorage.removeItem(BIDDER_TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

/** Calls the listener when the token changes here or, through localStorage, in another tab. */
export function subscribeBidderToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BIDDER_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
