import i18n from '@/lib/i18n/i18n';

/** What a typed amount means: a decimal string for the API (commas dropped), nothing, or a sentence why not. */
export type MoneyText = { ok: true; value: string | null } | { ok: false; message: string };

const PLAIN = /^\d+(\.\d{1,2})?$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/**
 * Reads an amount exactly as a person typed it: digits, at most one decimal point, commas that group thousands and
 * at most two decimals. Nothing is coerced, rounded or dropped: anything else is refused with a sentence.
 * An empty text is `{ ok: true, value: null }` (whether the field is required is the form's rule).
 */
export function parseMoneyText(text: string): MoneyText {
  const typed = text.trim();
  if (typed === '') return { ok: true, value: null };
  const refuse = (key: MoneyError, char = ''): MoneyText => ({
    ok: false,
    message: key === 'notDigit' ? i18n.t('money.errors.notDigit', { char }) : i18n.t(`money.errors.${key}`),
  });
  if (typed.startsWith('-')) return refuse('negative');
  const stranger = [...typed].find((char) => !/[\d.,]/.test(char));
  if (stranger !== undefined) return refuse(stranger === ' ' ? 'space' : 'notDigit', stranger);
  const points = typed.split('.').length - 1;
  if (points > 1) return refuse('points');
  const [whole, decimals = ''] = typed.split('.');
  if (decimals.includes(',')) return refuse('commas');
  if (points === 1 && decimals === '') return refuse('noDecimals');
  if (decimals.length > 2) return refuse('decimals');
  if (whole === '') return refuse('noWhole');
  if (!PLAIN.test(typed) && !GROUPED.test(typed)) return refuse('commas');
  const value = typed.replaceAll(',', '');
  const [digits = '', fraction] = value.split('.');
  const normal = `${digits.replace(/^0+(?=\d)/, '')}${fraction === undefined ? '' : `.${fraction}`}`;
  return { ok: true, value: normal };
}

type MoneyError = 'negative' | 'notDigit' | 'space' | 'points' | 'commas' | 'noDecimals' | 'decimals' | 'noWhole';

/** Whether a decimal string from parseMoneyText is above zero (no float: the digits decide). */
export function isPositiveAmount(value: string): boolean {
  return /[1-9]/.test(value);
}

/** A decimal string from parseMoneyText in whole fils, exactly (a bigint: no float ever rounds an amount). */
export function toFils(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** -1, 0 or 1 as amount a is below, equal to or above amount b (decimal strings, compared in fils). */
export function compareAmounts(a: string, b: string): number {
  const difference = toFils(a) - toFils(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}
