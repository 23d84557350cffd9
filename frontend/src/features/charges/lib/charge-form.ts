import { moneyValue } from '@/components/money-input';
import type { ChargeCreate } from '@/features/charges/api/create-charge';
import type { AppliesTo, Charge, ChargeKind } from '@/features/charges/api/get-charges';
import type { ChargeFields } from '@/features/charges/api/update-charge';
import { formatAed } from '@/lib/money';
import i18n from '@/lib/i18n/i18n';

/** Amounts as typed (MoneyInput), sent as decimal strings, never floats. */
export interface ChargeFormValues {
  title: string;
  charges: string;
  appliesTo: AppliesTo;
  kind: ChargeKind;
  minPrice?: string | null;
  maxPrice?: string | null;
  description?: string | null;
  isActive?: boolean;
}

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const money = (value: number | null) => (value === null ? null : value.toFixed(2));

/** What a fee is charged for, in the order the form offers them. */
export const CHARGE_KINDS: readonly ChargeKind[] = ['sale', 'gatePass', 'storagePerDay', 'latePayment', 'defaultPenalty'];

export function newChargeValues(): Partial<ChargeFormValues> {
  return { appliesTo: 'buyer', kind: 'sale', isActive: true };
}

export function fromCharge(charge: Charge): ChargeFormValues {
  return {
    title: charge.title,
    charges: charge.charges.toFixed(2),
    appliesTo: charge.appliesTo as AppliesTo,
    kind: charge.kind,
    minPrice: money(charge.minPrice),
    maxPrice: money(charge.maxPrice),
    description: charge.description,
  };
}

export function toChargeFields(values: ChargeFormValues): ChargeFields {
  return {
    title: values.title.trim(),
    charges: moneyValue(values.charges) ?? '',
    appliesTo: values.appliesTo,
    kind: values.kind,
    minPrice: moneyValue(values.minPrice),
    maxPrice: moneyValue(values.maxPrice),
    description: blank(values.description),
  };
}

export function toChargeCreate(values: ChargeFormValues): ChargeCreate {
  return { ...toChargeFields(values), kind: values.kind, isActive: values.isActive ?? true };
}

/** The sale prices a fee applies to: "AED 0.00 – AED 5,000.00", "From …", "Up to …" or "Any price". */
export function priceBand(charge: Pick<Charge, 'minPrice' | 'maxPrice'>): string {
  const { minPrice, maxPrice } = charge;
  if (minPrice !== null && maxPrice !== null) return i18n.t('charges.bandBetween', { min: formatAed(minPrice), max: formatAed(maxPrice) });
  if (minPrice !== null) return i18n.t('charges.bandFrom', { min: formatAed(minPrice) });
  if (maxPrice !== null) return i18n.t('charges.bandUpTo', { max: formatAed(maxPrice) });
  return i18n.t('charges.bandAny');
}

export function appliesToLabel(value: string): string {
  return value === 'buyer' || value === 'seller' ? i18n.t(`charges.appliesToValue.${value}`) : value;
}

/** Sale fee, Gate pass fee, Storage per day or Late payment fee. */
export function kindLabel(value: string): string {
  return (CHARGE_KINDS as readonly string[]).includes(value) ? i18n.t(`charges.kindValue.${value as ChargeKind}`) : value;
}

export function kindOptions() {
  return CHARGE_KINDS.map((value) => ({ value, label: kindLabel(value) }));
}
