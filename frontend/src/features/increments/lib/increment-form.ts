import { moneyProblem, moneyValue, readMoney } from '@/components/money-input';
import type { IncrementTable } from '@/features/increments/api/get-increment-table';
import type { IncrementTableBody } from '@/features/increments/api/save-increment-table';
import i18n from '@/lib/i18n/i18n';
import { formatAed } from '@/lib/money';
import { compareAmounts, toFils } from '@/lib/money-text';

/** The most bands a table holds (the server's MAX_BANDS). */
export const MAX_BANDS = 20;

/** A row as typed (MoneyInput keeps the text); the first row's price is always 0. */
export interface BandValues {
  fromPrice: string | null;
  step: string | null;
}

export interface IncrementFormValues {
  bands: BandValues[];
}

export function fromTable(table: IncrementTable): IncrementFormValues {
  return { bands: table.bands.map((band) => ({ fromPrice: band.fromPrice, step: band.step })) };
}

/** A new row: the first starts at 0, a later one is typed. */
export function newBand(rows: number): BandValues {
  return { fromPrice: rows === 0 ? '0' : null, step: null };
}

/** The PUT body: every amount as the decimal string typed (commas dropped), never changed; only for rows that passed their rules. */
export function toBody(values: IncrementFormValues, version: number): IncrementTableBody {
  return {
    bands: (values.bands ?? []).map((band) => ({ fromPrice: moneyValue(band.fromPrice) ?? '', step: moneyValue(band.step) ?? '' })),
    version,
  };
}

/** Why a later row's start is refused (the amount's own sentence first), or undefined. */
export function fromPriceProblem(text: string | null | undefined, before: string | null | undefined): string | undefined {
  const own = moneyProblem(text, { required: i18n.t('increments.rules.fromRequired') });
  if (own) return own;
  const value = readMoney(text);
  const below = readMoney(before);
  if (value === null || below === null) return undefined;
  return compareAmounts(value, below) <= 0 ? i18n.t('increments.rules.fromAbove', { aed: formatAed(below) }) : undefined;
}

/** Why a step is refused: not an amount, 0, or less than the step of the band before it. */
export function stepProblem(text: string | null | undefined, before: string | null | undefined): string | undefined {
  const own = moneyProblem(text, { required: i18n.t('increments.rules.stepRequired'), positive: i18n.t('increments.rules.stepPositive') });
  if (own) return own;
  const value = readMoney(text);
  const below = readMoney(before);
  if (value === null || below === null) return undefined;
  return compareAmounts(value, below) < 0 ? i18n.t('increments.rules.stepShrinks', { step: formatAed(value), below: formatAed(below) }) : undefined;
}

/** The prices a row covers: 'AED 10,000.00 to AED 49,999.99', 'AED 50,000.00 and above', or '' while a price is not an amount. */
export function pricesText(from: string | null | undefined, next: string | null | undefined, last: boolean): string {
  const start = readMoney(from);
  if (start === null) return '';
  if (last) return i18n.t('increments.pricesFrom', { from: formatAed(start) });
  const end = readMoney(next);
  if (end === null || compareAmounts(end, start) <= 0) return '';
  const until = toFils(end) - 1n;
  const upTo = `${until / 100n}.${String(until % 100n).padStart(2, '0')}`;
  return i18n.t('increments.pricesBetween', { from: formatAed(start), to: formatAed(upTo) });
}
