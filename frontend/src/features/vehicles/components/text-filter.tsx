import { Input } from 'antd';
import { useState } from 'react';

interface TextFilterProps {
  value: string | undefined;
  onApply: (value: string | undefined) => void;
  placeholder: string;
  'aria-label': string;
  numeric?: boolean;
  width?: number;
}

/** A typed list filter (make, a year, a price) applied on Enter or when the box is left; empty clears it. */
export function TextFilter({ value, onApply, placeholder, numeric, width = 140, ...rest }: TextFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  const apply = () => {
    const next = text.trim() || undefined;
    if (next !== value) onApply(next);
  };
  return (
    <Input
      aria-label={rest['aria-label']}
      value={text}
      placeholder={placeholder}
      inputMode={numeric ? 'decimal' : undefined}
      allowClear
      onChange={(event) => setText(event.target.value)}
      onPressEnter={apply}
      onBlur={apply}
      style={{ width }}
    />
  );
}
