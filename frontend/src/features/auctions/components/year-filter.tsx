import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { NumberInput, numberProblem } from '@/components/number-input';

interface YearFilterProps {
  label: string;
  /** The year the list is filtered by (null: any). */
  value: number | null;
  onChange: (year: number | null) => void;
}

/**
 * A year typed into a list filter, kept as typed: it filters once it is a whole year from 1900 to next year; anything
 * else is marked, says why once the person leaves the field, and leaves the filter as it was (never rounded or clamped).
 */
export function YearFilter({ label, value, onChange }: YearFilterProps) {
  const [text, setText] = useState<string | null>(value === null ? null : String(value));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  if (value !== seen) {
    setSeen(value);
    if (value === null) setText(null);
  }
  const rules = { min: 1900, max: dayjs().year() + 1 };
  const problem = numberProblem(text, rules);

  const type = (next: string | null) => {
    setText(next);
    setLeft(false);
    if (numberProblem(next, rules) === undefined) onChange(next === null ? null : Number(next));
  };

  return (
    <Tooltip title={problem} open={left && problem !== undefined}>
      <NumberInput aria-label={label} placeholder={label} value={text} status={problem ? 'error' : undefined} onChange={type} onBlur={() => setLeft(true)} style={{ width: 110 }} />
    </Tooltip>
  );
}
