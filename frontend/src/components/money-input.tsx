import { Input, type InputRef } from 'antd';
import type { Rule } from 'antd/es/form';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { compareAmounts, isPositiveAmount, parseMoneyText } from '@/lib/money-text';
import i18n from '@/lib/i18n/i18n';
import { formatAed } from '@/lib/money';

export interface MoneyInputProps {
  /** The text as the person typed it ('90,000'); parseMoneyText reads it. */
  value?: string | null;
  onChange?: (text: string | null) => void;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  onPressEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  ref?: Ref<InputRef>;
}

/**
 * An amount in AED, kept exactly as typed: never reformatted, rounded, clamped or cleared while the person types.
 * Whether the text is an amount is the form's rule (moneyRules), which says why under the field and blocks submit;
 * moneyValue turns the text into the API's decimal string when the form is sent.
 */
export function MoneyInput({ value, onChange, ref, ...rest }: MoneyInputProps) {
  const { t } = useTranslation();
  return (
    <Input
      {...rest}
      ref={ref}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value === '' ? null : event.target.value)}
      prefix={t('common.aedPrefix')}
      inputMode="decimal"
      autoComplete="off"
      style={{ width: '100%' }}
    />
  );
}

/** A bound on an amount: the amount (a decimal string or an API number) and the sentence, given it as 'AED 201,000.00'. */
export interface MoneyBound {
  amount: string | number;
  message: (aed: string) => string;
}

export interface MoneyRuleOptions {
  /** The sentence when nothing is typed; without it the field may stay empty. */
  required?: string;
  /** The sentence when the amount is 0 (only amounts above zero are taken). */
  positive?: string;
  /** The least amount taken. */
  min?: MoneyBound;
  /** The most amount taken. */
  max?: MoneyBound;
}

const asDecimal = (amount: string | number) => (typeof amount === 'number' ? amount.toFixed(2) : amount);

/** The largest amount the API stores (core/money.py MAX_AMOUNT). */
export const MAX_AMOUNT = '999999999999.99';

/** Why a typed amount is refused under these options, or undefined when it is taken (an empty text is taken unless required). */
export function moneyProblem(text: string | null | undefined, options: MoneyRuleOptions = {}): string | undefined {
  const read = parseMoneyText(text ?? '');
  if (!read.ok) return read.message;
  if (read.value === null) return options.required;
  if (compareAmounts(read.value, MAX_AMOUNT) > 0) return i18n.t('money.errors.tooLarge', { max: formatAed(MAX_AMOUNT) });
  if (options.positive !== undefined && !isPositiveAmount(read.value)) return options.positive;
  const { min, max } = options;
  if (min && compareAmounts(read.value, asDecimal(min.amount)) < 0) return min.message(formatAed(min.amount));
  if (max && compareAmounts(read.value, asDecimal(max.amount)) > 0) return max.message(formatAed(max.amount));
  return undefined;
}

/**
 * The Form.Item rules of a money field: the sentence of parseMoneyText for anything that is not an amount, then
 * the field's own (required, above zero, a least or most amount). Mark the Form.Item `required` yourself when given.
 */
export function moneyRules(options: MoneyRuleOptions = {}): Rule[] {
  return [
    {
      validator: (_, text?: string | null) => {
        const problem = moneyProblem(text, options);
        return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
      },
    },
  ];
}

/**
 * The API's decimal string for a typed amount ('90,000' is '90000'), or null when nothing is typed. Only for a form
 * that passed moneyRules: a text that is not an amount throws rather than send something the person did not type.
 */
export function moneyValue(text: string | null | undefined): string | null {
  const read = parseMoneyText(text ?? '');
  if (!read.ok) throw new Error(read.message);
  return read.value;
}

/** The amount a typed text means, or null when it is empty or not an amount (for comparing with another field). */
export function readMoney(text: string | null | undefined): string | null {
  const read = parseMoneyText(text ?? '');
  return read.ok ? read.value : null;
}
