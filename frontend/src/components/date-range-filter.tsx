import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day range as one URL value, either end open: "2031-05-01..2031-05-31", "2031-05-01..", "..2031-05-31". */
export function joinDayRange(from: string | undefined, to: string | undefined): string | undefined {
  return from || to ? `${from ?? ''}..${to ?? ''}` : undefined;
}

/** The two ends of a URL day range; an end that is not a YYYY-MM-DD day is left open. */
export function splitDayRange(value: string | undefined): { from?: string; to?: string } {
  const [from, to] = (value ?? '').split('..');
  return { from: from && ISO_DAY.test(from) ? from : undefined, to: to && ISO_DAY.test(to) ? to : undefined };
}

interface DateRangeFilterProps {
  /** The URL value ("2031-05-01..2031-05-31"). */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: [string, string];
  'aria-label': string;
}

/** A filter of Dubai calendar days (DD/MM/YYYY), kept in the URL as one value; either end may stay open. */
export function DateRangeFilter({ value, onChange, placeholder, ...rest }: DateRangeFilterProps) {
  const { from, to } = splitDayRange(value);
  return (
    <DatePicker.RangePicker
      aria-label={rest['aria-label']}
      placeholder={placeholder}
      format="DD/MM/YYYY"
      allowEmpty={[true, true]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(range) => onChange(joinDayRange(range?.[0]?.format(DAY), range?.[1]?.format(DAY)))}
    />
  );
}
