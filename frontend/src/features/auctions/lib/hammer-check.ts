import { toFils } from '@/lib/money-text';

/** A hammer price far from what the vehicle is worth: what it is compared with and the share, e.g. '0.01'. */
export interface UnusualHammer {
  of: 'opening' | 'reserve';
  percent: string;
}

/** A hammer below half of this, or above five times it, is asked a second time. */
const LOW_PART = 2n;
const HIGH_TIMES = 5n;

/** An API amount (number or decimal string) in fils, exactly: API amounts carry at most two decimals. */
export function apiFils(amount: number | string): bigint {
  return toFils(typeof amount === 'number' ? amount.toFixed(2) : amount);
}

/** `part` as a percentage of `whole` with two decimals, rounded half up, computed in integers. */
function percentOf(part: bigint, whole: bigint): string {
  const hundredths = (part * 10000n * 2n + whole) / (whole * 2n);
  const text = hundredths.toString().padStart(3, '0');
  return `${BigInt(text.slice(0, -2)).toLocaleString('en-US')}.${text.slice(-2)}`;
}

/**
 * Whether a hammer price (a decimal string from parseMoneyText) is below 50% of the opening price or of the reserve,
 * or above 5 times either: most likely a typo, confirmed before it is recorded. Compared in fils, never as floats.
 */
export function unusualHammer(price: string, opening: number | string, reserve: number | string | null): UnusualHammer | null {
  const amount = toFils(price);
  const bases = [{ of: 'opening' as const, fils: apiFils(opening) }, ...(reserve === null ? [] : [{ of: 'reserve' as const, fils: apiFils(reserve) }])].filter(
    (base) => base.fils > 0n,
  );
  const low = bases.find((base) => amount * LOW_PART < base.fils);
  const high = bases.find((base) => amount > base.fils * HIGH_TIMES);
  const base = low ?? high;
  return base ? { of: base.of, percent: percentOf(amount, base.fils) } : null;
}

/** Whether a hammer price is above the buying power the buyer has available (API amount), compared in fils. */
export function beyondAvailable(price: string, available: number | string): boolean {
  return toFils(price) > apiFils(available);
}
