import dayjs, { type Dayjs } from 'dayjs';
import { numberText } from '@/components/number-input';
import { APP_TIME_ZONE } from '@/lib/dates';
import type { BusinessSettings } from '@/features/business/api/get-business-settings';
import type { BusinessFields } from '@/features/business/api/update-business-settings';

/** The form's values: the VAT rate, hours and days as typed (NumberInput); the VAT rate is sent as a decimal string. */
export interface BusinessFormValues {
  legalName: string;
  trn?: string | null;
  address: string;
  phone?: string | null;
  email?: string | null;
  vatRate: string | null;
  paymentWindowHours: string | number | null;
  freeStorageDays: string | number | null;
  invoicePrefix: string;
  bankName?: string | null;
  bankAccountName?: string | null;
  iban?: string | null;
  promoQuietFrom: Dayjs | null;
  promoQuietUntil: Dayjs | null;
  promoOptOutEn: string;
  promoOptOutAr: string;
  /** The time (Dubai) of the next working day by which the seller of a lot on approval answers. */
  approvalDeadlineTime: Dayjs | null;
}

const CLOCK = 'HH:mm';

/** 'HH:MM' (Dubai) as the time picker holds it: today at that time (only the time is read back); null when malformed. */
export function clockValue(clock: string): Dayjs | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : null;
}

/** The most characters of an opt-out text (it ends every promotional SMS, and counts in its segments). */
export const OPT_OUT_MAX = 100;

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function fromSettings(settings: BusinessSettings): BusinessFormValues {
  return {
    legalName: settings.legalName,
    trn: settings.trn,
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    vatRate: settings.vatRate.toFixed(2),
    paymentWindowHours: settings.paymentWindowHours,
    freeStorageDays: settings.freeStorageDays,
    invoicePrefix: settings.invoicePrefix,
    bankName: settings.bankName ?? null,
    bankAccountName: settings.bankAccountName ?? null,
    iban: settings.iban ? ibanText(settings.iban) : null,
    promoQuietFrom: clockValue(settings.promoQuietFrom),
    promoQuietUntil: clockValue(settings.promoQuietUntil),
    promoOptOutEn: settings.promoOptOutEn,
    promoOptOutAr: settings.promoOptOutAr,
    approvalDeadlineTime: clockValue(settings.approvalDeadlineTime),
  };
}

/** An IBAN as banks print it, in groups of four: AE07 0331 2345 6789 0123 456. */
export function ibanText(iban: string): string {
  return iban.replace(/\s/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}

/** Shaped like an IBAN (two letters, two check digits, 11 to 30 letters or digits); the server checks the digits. */
export function isIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value.replace(/\s/g, '').toUpperCase());
}

/** The PUT body; the server squashes spaces, checks the TRN's 15 digits and writes the phone in E.164. */
export function toBusinessFields(values: BusinessFormValues): BusinessFields {
  return {
    legalName: values.legalName.trim(),
    trn: blank(values.trn),
    address: values.address.trim(),
    phone: blank(values.phone),
    email: blank(values.email),
    vatRate: numberText(values.vatRate) ?? '',
    paymentWindowHours: Number(numberText(values.paymentWindowHours) ?? 0),
    freeStorageDays: Number(numberText(values.freeStorageDays) ?? 0),
    invoicePrefix: values.invoicePrefix.trim().toUpperCase(),
    // '' empties a bank detail on the server (left out, it would be kept).
    bankName: values.bankName?.trim() ?? '',
    bankAccountName: values.bankAccountName?.trim() ?? '',
    iban: values.iban?.replace(/\s/g, '').toUpperCase() ?? '',
    promoQuietFrom: values.promoQuietFrom?.format(CLOCK) ?? null,
    promoQuietUntil: values.promoQuietUntil?.format(CLOCK) ?? null,
    promoOptOutEn: values.promoOptOutEn.trim(),
    promoOptOutAr: values.promoOptOutAr.trim(),
    approvalDeadlineTime: values.approvalDeadlineTime?.format(CLOCK) ?? null,
  };
}

/** A TRN as people type it (spaces and dashes allowed) has 15 digits. */
export function isTrn(value: string): boolean {
  return /^\d{15}$/.test(value.replace(/[\s-]/g, ''));
}

/** 2 to 10 capital letters or digits. */
export function isInvoicePrefix(value: string): boolean {
  return /^[A-Za-z0-9]{2,10}$/.test(value.trim());
}

/** The first invoice number of this year (Dubai) under a prefix: 'INV-2031-000001'. */
export function invoiceNumberExample(prefix: string | undefined): string {
  const shown = prefix && isInvoicePrefix(prefix) ? prefix.trim().toUpperCase() : 'INV';
  return `${shown}-${dayjs().tz(APP_TIME_ZONE).year()}-000001`;
}
