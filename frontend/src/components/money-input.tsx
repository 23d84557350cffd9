import { InputNumber } from 'antd';

interface MoneyInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-label'?: string;
}

/** An amount in AED with two decimals, kept as a decimal string (never a float) for the API. */
export function MoneyInput({ value, onChange, id, ...rest }: MoneyInputProps) {
  return (
    <InputNumber<string>
      id={id}
      aria-label={rest['aria-label']}
      value={value ?? null}
      onChange={(next) => onChange?.(next === null || next === '' ? null : next)}
      stringMode
      min="0"
      precision={2}
      step="100"
      prefix="AED"
      style={{ width: '100%' }}
    />
  );
}
