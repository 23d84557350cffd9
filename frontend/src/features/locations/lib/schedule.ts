import dayjs, { type Dayjs } from 'dayjs';
import type { components } from '@/api/schema';

type OpeningHours = components['schemas']['OpeningHours'];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One weekday of the 'Schedule' tab: open and close times (HH:mm pickers), or closed. */
export interface ScheduleRow {
  day: Weekday;
  open?: Dayjs | null;
  close?: Dayjs | null;
  closed: boolean;
}

/** "08:30" -> a dayjs on today's date at 08:30; anything else -> null. */
export function parseClock(value: string | null | undefined): Dayjs | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : null;
}

export function formatClock(value: Dayjs | null | undefined): string | null {
  return value ? value.format('HH:mm') : null;
}

/** A new yard opens 08:00 to 17:00 from Monday to Saturday and is closed on Sunday. */
export function defaultSchedule(): ScheduleRow[] {
  return WEEKDAYS.map((day) =>
    day === 'sunday' ? { day, open: null, close: null, closed: true } : { day, open: parseClock('08:00'), close: parseClock('17:00'), closed: false },
  );
}

/** The seven rows in weekday order from what the API holds; a day it does not list counts as closed. */
export function fromOpeningHours(hours: readonly OpeningHours[]): ScheduleRow[] {
  if (hours.length === 0) return defaultSchedule();
  return WEEKDAYS.map((day) => {
    const found = hours.find((entry) => entry.day === day);
    if (!found || found.closed) return { day, open: null, close: null, closed: true };
    return { day, open: parseClock(found.open), close: parseClock(found.close), closed: false };
  });
}

/** The rows in weekday order as the API takes them (the day comes from the row's position). */
export function toOpeningHours(rows: readonly Omit<ScheduleRow, 'day'>[]): OpeningHours[] {
  return WEEKDAYS.map((day, index) => {
    const row = rows[index];
    if (!row || row.closed) return { day, open: null, close: null, closed: true };
    return { day, open: formatClock(row.open), close: formatClock(row.close), closed: false };
  });
}

/** Close must come after open on the same day (compared as HH:mm). */
export function closesAfterOpening(open: Dayjs | null | undefined, close: Dayjs | null | undefined): boolean {
  const from = formatClock(open);
  const to = formatClock(close);
  return !from || !to || to > from;
}
