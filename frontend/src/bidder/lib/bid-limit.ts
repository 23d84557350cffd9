/** The amount above which a bid asks the member to confirm, chosen by them and kept on this device. */
export const BID_LIMIT_KEY = 'gavel.bidderConfirmAbove';

/** The limit in dirhams, or null: ask before every bid (the default). */
export function readBidLimit(): number | null {
  const raw = window.localStorage.getItem(BID_LIMIT_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function saveBidLimit(limit: number | null): void {
  if (limit === null) window.localStorage.removeItem(BID_LIMIT_KEY);
  else window.localStorage.setItem(BID_LIMIT_KEY, String(limit));
}

/** A bid of `amount` asks first when no limit is set or the amount is above it. */
export function needsConfirmation(amount: string, limit: number | null): boolean {
  return limit === null || Number(amount) > limit;
}

/** "15000", "15,000.5" → "15000.00" / "15000.50"; null when it is not a positive amount of dirhams and fils. */
export function parseAmount(text: string): string | null {
  const clean = text.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value > 0 ? value.toFixed(2) : null;
}
