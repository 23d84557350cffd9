import { ar } from '@/bidder/i18n/ar';
import { en, type Bundle, type TextKey } from '@/bidder/i18n/en';
import type { Language } from '@/bidder/api/types';

export type { TextKey };
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

const bundles: Record<Language, Bundle> = { en, ar };

/** The text of `key` in `language`, with {{name}} replaced by `values.name`. */
export function translate(language: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  let node: unknown = bundles[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "AED 15,000.00" / "15,000.00 درهم"; a dash when there is no amount. */
export function money(language: Language, value: string | number | null | undefined): string {
  const parsed = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(parsed)) return translate(language, 'money.none');
  return translate(language, 'money.aed', { amount: amount.format(parsed) });
}

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', dateStyle: 'medium', timeStyle: 'short' }),
  ar: new Intl.DateTimeFormat('ar-AE', { timeZone: 'Asia/Dubai', dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }),
};

/** A time in Dubai, in the member's language. */
export function dateTime(language: Language, iso: string | null | undefined): string {
  if (!iso) return translate(language, 'money.none');
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : dateFormats[language].format(at);
}
