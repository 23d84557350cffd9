import { Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { CSSProperties, ReactNode } from 'react';
import i18n from '@/lib/i18n/i18n';

/*
 * A number that is not an amount (a rate, hours, days), kept exactly as typed. Ant Design's InputNumber rounds to
 * its precision and clamps to min and max on blur, and drops letters, without a word; here numberRules says why
 * under the field and blocks submit instead.
 */

export interface NumberInputProps {
  /** The text as typed; a number from the API shows as its digits. */
  value?: string | number | null;
  onChange?: (text: string | null) => void;
  suffix?: ReactNode;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  placeholder?: string;
  /** 'error' marks a field outside a Form.Item (a list filter) whose text is refused. */
  status?: 'error';
  onBlur?: () => void;
  style?: CSSProperties;
}

export function NumberInput({ value, onChange, style, ...rest }: NumberInputProps) {
  return (
    <Input
      {...rest}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange?.(event.target.value === '' ? null : event.target.value)}
      inputMode="decimal"
      autoComplete="off"
      style={{ width: '100%', ...style }}
    />
  );
}

export interface NumberRuleOptions {
  /** The sentence when nothing is typed; without it the field may stay empty. */
  required?: string;
  /** How many decimals are taken (0: whole numbers only). */
  decimals?: number;
  min: number;
  max: number;
}

/** Why a typed number is refused, or undefined when it is taken (an empty text is taken unless required). */
export function numberProblem(text: string | number | null | undefined, { required, decimals = 0, min, max }: NumberRuleOptions): string | undefined {
  const typed = text === null || text === undefined ? '' : String(text).trim();
  if (typed === '') return required;
  const range = () => i18n.t('number.errors.range', { min, max });
  if (typed.startsWith('-')) return range();
  if (!/^\d+(\.\d+)?$/.test(typed)) return i18n.t('number.errors.notNumber', { example: min === 0 ? max : min });
  const fraction = typed.split('.')[1] ?? '';
  if (decimals === 0 && fraction !== '') return i18n.t('number.errors.whole');
  if (fraction.length > decimals) return i18n.t('number.errors.decimals', { count: decimals });
  const read = Number(typed);
  return read < min || read > max ? range() : undefined;
}

export function numberRules(options: NumberRuleOptions): Rule[] {
  return [
    {
      validator: (_, text?: string | number | null) => {
        const problem = numberProblem(text, options);
        return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
      },
    },
  ];
}

/** The typed text for the API: a decimal string as typed (trimmed), or null when empty. */
export function numberText(text: string | number | null | undefined): string | null {
  const typed = text === null || text === undefined ? '' : String(text).trim();
  return typed === '' ? null : typed;
}
