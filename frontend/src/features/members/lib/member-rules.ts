import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { dateProblem } from '@/components/date-input';
import i18n from '@/lib/i18n/i18n';

/** The client checks of the member form; the server checks the same and more (unique email and phone, plans). */

const t = i18n.t.bind(i18n);

/** E.164 or a local UAE number: digits with optional +, spaces, dashes and brackets; 7 to 15 digits. */
export function looksLikePhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return /^\+?[\d\s\-()]+$/.test(value.trim()) && digits.length >= 7 && digits.length <= 15;
}

/** At least 18 on `today`. */
export function isAdult(dob: Dayjs, today: Dayjs = dayjs()): boolean {
  return !dob.isAfter(today.subtract(18, 'year'), 'day');
}

/** A document valid after today (the server refuses one expiring today or earlier). */
export function isValidExpiry(expiry: Dayjs, today: Dayjs = dayjs()): boolean {
  return expiry.isAfter(today, 'day');
}

export const required = (message: string): Rule => ({ required: true, whitespace: true, message });

export const emailRules = (): Rule[] => [required(t('members.form.emailRequired')), { type: 'email', message: t('members.form.emailInvalid') }];

export const phoneRules = (): Rule[] => [
  required(t('members.form.phoneRequired')),
  { validator: (_, value?: string) => (!value || looksLikePhone(value) ? Promise.resolve() : Promise.reject(new Error(t('members.form.phoneInvalid')))) },
];

export const identityNoRules = (): Rule[] => [required(t('members.form.identityNoRequired')), { min: 3, max: 40, message: t('members.form.identityNoLength') }];

export const memberTypesRules = (): Rule[] => [{ required: true, type: 'array', min: 1, message: t('members.form.memberTypesRequired') }];

/** A date field's rule: the DateInput's sentence for a text that is not a date (or a missing one), then `check`'s. */
const dateRule = (check: (value: Dayjs) => string | undefined, required?: string): Rule => ({
  validator: (_, value?: Dayjs | null) => {
    const problem = dateProblem(value, { required }) ?? (value ? check(value) : undefined);
    return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
  },
});

export const dobRules = (): Rule[] => [dateRule((value) => (isAdult(value) ? undefined : t('members.form.tooYoung')))];

export const identityExpiryRules = (): Rule[] => [
  dateRule((value) => (isValidExpiry(value) ? undefined : t('members.form.identityExpired')), t('members.form.identityExpiryRequired')),
];

/** Empty, or 15 digits once the spaces and dashes people type are dropped (as the server reads it). */
export function isValidTrn(value: string | null | undefined): boolean {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return digits === '' || /^\d{15}$/.test(digits);
}

export const trnRules = (): Rule[] => [
  { validator: (_, value?: string | null) => (isValidTrn(value) ? Promise.resolve() : Promise.reject(new Error(t('members.form.trnInvalid')))) },
];

export const tradeLicenseExpiryRules = (): Rule[] => [dateRule((value) => (isValidExpiry(value) ? undefined : t('members.form.tradeLicenseExpired')))];

/** An IBAN as people type it: its letters and digits in capitals, without the spaces. */
export function compactIban(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

/**
 * Empty, or shaped like an IBAN: a country code, two check digits and the account (letters and digits), 15 to 34
 * characters in all, spaces allowed. The server checks the check digits.
 */
export function looksLikeIban(value: string | null | undefined): boolean {
  const compact = compactIban(value);
  return compact === '' || (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) && compact.length >= 15 && compact.length <= 34);
}

export const ibanRules = (): Rule[] => [
  { validator: (_, value?: string | null) => (looksLikeIban(value) ? Promise.resolve() : Promise.reject(new Error(t('members.form.ibanInvalid')))) },
];
