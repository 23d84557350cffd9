import { CalendarOutlined } from '@ant-design/icons';
import { Button, Calendar, Input, Popover } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSide } from '@/components/use-side';
import { APP_TIME_ZONE } from '@/lib/dates';
import i18n from '@/lib/i18n/i18n';

/*
 * One date input for the whole app. What a person types stays as typed: a day outside the allowed range is kept and
 * dateRules says why under the field (an Ant Design DatePicker clears a typed day that disabledDate refuses, and any
 * text it cannot read, without a word). The form's value is a Dayjs on the Dubai wall clock, as the pickers gave it:
 * a valid one for a readable text, an invalid one (isValid() false) for a text that is not a date, null when empty.
 */

const DAY = 'DD/MM/YYYY';
const DAY_TIME = 'DD/MM/YYYY HH:mm';
const DATE_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2}))?$/;

/** The text typed into a field whose value is an invalid Dayjs, for the sentence that says why. */
const unreadableTexts = new WeakMap<Dayjs, string>();

const formatOf = (withTime: boolean) => (withTime ? DAY_TIME : DAY);

/** Reads 'DD/MM/YYYY' (or 'DD/MM/YYYY HH:mm' with time) strictly: no day rolls over (31/02 is not 3 March). */
export function readDateText(text: string, withTime = false): Dayjs | null {
  const typed = text.trim();
  if (typed === '') return null;
  const match = DATE_TEXT.exec(typed);
  const unreadable = () => {
    const invalid = dayjs(NaN);
    unreadableTexts.set(invalid, typed);
    return invalid;
  };
  if (!match || (match[4] !== undefined) !== withTime) return unreadable();
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const read = dayjs(new Date(year!, month! - 1, day, hour, minute));
  const exact = read.date() === day && read.month() === month! - 1 && read.year() === year && read.hour() === hour && read.minute() === minute;
  return exact ? read : unreadable();
}

/** Whether two field values mean the same moment (both empty, both unreadable, or the same minute). */
function sameValue(a: Dayjs | null | undefined, b: Dayjs | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  if (!a.isValid() || !b.isValid()) return !a.isValid() && !b.isValid();
  return a.format(DAY_TIME) === b.format(DAY_TIME);
}

export interface DateInputProps {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** A day and a time ('DD/MM/YYYY HH:mm'), or a day only. */
  withTime?: boolean;
  /** The time given to a day picked from the calendar when none is typed yet ('HH:mm'). */
  defaultTime?: string;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A day (and time) typed as DD/MM/YYYY (HH:mm) or picked from a calendar; the text stays exactly as typed. Enter
 * settles the date without submitting the form, as Enter in a date picker does (FormModal).
 */
export function DateInput({ value, onChange, withTime = false, defaultTime = '09:00', id, disabled, placeholder, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  const format = formatOf(withTime);
  const shown = (next: Dayjs | null | undefined) => (next?.isValid() ? next.format(format) : '');
  const [text, setText] = useState(() => (value && !value.isValid() ? (unreadableTexts.get(value) ?? '') : shown(value)));
  const [seen, setSeen] = useState(value);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { placement } = useSide();

  // A value set from outside (initial values, a reset, another field) shows as its text; the person's own stays.
  if (value !== seen) {
    setSeen(value);
    if (!sameValue(value, readDateText(text, withTime))) setText(value && !value.isValid() ? (unreadableTexts.get(value) ?? text) : shown(value));
  }

  const type = (next: string) => {
    setText(next);
    onChange?.(readDateText(next, withTime));
  };

  const pick = (day: Dayjs) => {
    const current = readDateText(text, withTime);
    const time = current?.isValid() ? current.format('HH:mm') : defaultTime;
    type(withTime ? `${day.format(DAY)} ${time}` : day.format(DAY));
    setCalendarOpen(false);
  };

  const shownDay = readDateText(text, withTime);
  const calendar = (
    <div style={{ width: 300 }}>
      <Calendar
        fullscreen={false}
        value={shownDay?.isValid() ? shownDay : dayjs(dayjs().tz(APP_TIME_ZONE).format('YYYY-MM-DD'))}
        onSelect={(day, info) => {
          if (info.source === 'date') pick(day);
        }}
      />
    </div>
  );

  return (
    <Input
      id={id}
      aria-label={rest['aria-label']}
      value={text}
      disabled={disabled}
      placeholder={placeholder ?? format}
      autoComplete="off"
      onChange={(event) => type(event.target.value)}
      onKeyDown={(event) => {
        // Enter settles the date here, as in a picker: it never submits the dialog half filled.
        if (event.key === 'Enter') {
          event.preventDefault();
          setCalendarOpen(false);
        }
      }}
      suffix={
        <Popover content={calendar} trigger="click" open={calendarOpen && !disabled} onOpenChange={setCalendarOpen} placement={placement('bottomEnd')}>
          <Button type="text" size="small" icon={<CalendarOutlined />} aria-label={t('dateInput.openCalendar')} disabled={disabled} style={{ marginInlineEnd: -6 }} />
        </Popover>
      }
    />
  );
}

/** The Dubai wall clock now, to the minute, and today, comparable as strings with a field's value. */
function dubaiClock() {
  const now = dayjs().tz(APP_TIME_ZONE);
  return { minute: now.format('YYYY-MM-DDTHH:mm'), day: now.format('YYYY-MM-DD'), now: now.format(DAY_TIME), today: now.format(DAY) };
}

type Limit = 'now' | 'today';

export interface DateRuleOptions {
  withTime?: boolean;
  /** The sentence when nothing is typed; without it the field may stay empty. */
  required?: string;
  /** The latest taken, on the Dubai clock: a later one is refused (kept as typed) with `afterMessage`. */
  notAfter?: Limit;
  /** The earliest taken: 'now' refuses now and before (a start must be in the future), 'today' refuses days before today. */
  notBefore?: Limit;
  /** The sentences, given the limit as 'DD/MM/YYYY HH:mm' or 'DD/MM/YYYY'; the defaults are 'Cannot be after today, 28/11/2026.' and the like. */
  afterMessage?: (limit: string) => string;
  beforeMessage?: (limit: string) => string;
}

/** Why a date field's value is refused under these options, or undefined when it is taken. */
export function dateProblem(value: Dayjs | null | undefined, options: DateRuleOptions = {}): string | undefined {
  const withTime = options.withTime ?? false;
  const clock = dubaiClock();
  if (value === null || value === undefined) return options.required;
  if (!value.isValid()) {
    const format = formatOf(withTime);
    return i18n.t('dateInput.errors.unreadable', { text: unreadableTexts.get(value) ?? '', format, example: withTime ? clock.now : clock.today });
  }
  const minute = value.format('YYYY-MM-DDTHH:mm');
  const day = value.format('YYYY-MM-DD');
  if (options.notAfter === 'now' && minute > clock.minute) return (options.afterMessage ?? ((limit) => i18n.t('dateInput.errors.afterNow', { limit })))(clock.now);
  if (options.notAfter === 'today' && day > clock.day) return (options.afterMessage ?? ((limit) => i18n.t('dateInput.errors.afterToday', { limit })))(clock.today);
  if (options.notBefore === 'now' && minute <= clock.minute) return (options.beforeMessage ?? ((limit) => i18n.t('dateInput.errors.beforeNow', { limit })))(clock.now);
  if (options.notBefore === 'today' && day < clock.day) return (options.beforeMessage ?? ((limit) => i18n.t('dateInput.errors.beforeToday', { limit })))(clock.today);
  return undefined;
}

/** The Form.Item rules of a date field: a text that is not a date, required, and the Dubai clock's limits, each with its sentence. */
export function dateRules(options: DateRuleOptions = {}): Rule[] {
  return [
    {
      validator: (_, value?: Dayjs | null) => {
        const problem = dateProblem(value, options);
        return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
      },
    },
  ];
}

/** Whether a field's value is a readable date (for rules that compare it with another field). */
export function isDate(value: Dayjs | null | undefined): value is Dayjs {
  return value !== null && value !== undefined && value.isValid();
}
