import dayjs, { type Dayjs } from 'dayjs';
import { APP_TIME_ZONE, type DateInput } from '@/lib/dates';
import i18n from '@/lib/i18n/i18n';

/*
 * Auctions run on Asia/Dubai time. The date-time pickers show a wall clock: what staff pick is read as Dubai time
 * whatever the browser's own zone, and sent without a zone (the server reads such a date-time as Dubai time).
 */

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';
const DAY = 'YYYY-MM-DD';

/** The picked wall-clock time as the API takes it: '2031-05-01T16:00:00' (Dubai time). */
export function wallClock(value: Dayjs): string {
  return value.format(WALL_CLOCK);
}

/** The picked day as the API takes it: '2031-05-22'. */
export function isoDay(value: Dayjs): string {
  return value.format(DAY);
}

/** Today in Dubai: '2031-05-01'. */
export function dubaiToday(): string {
  return dayjs().tz(APP_TIME_ZONE).format(DAY);
}

function inDubai(value: DateInput) {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.tz(APP_TIME_ZONE) : null;
}

/**
 * When an event runs, in Dubai: 'Thu 01/05/2031, 16:00-20:00', or with the end's day when it ends on another one
 * ('Thu 01/05/2031, 22:00 - Fri 02/05/2031, 02:00'). N/A when a date is missing or invalid.
 */
export function eventSpan(start: DateInput, end: DateInput): string {
  const from = inDubai(start);
  const to = inDubai(end);
  if (!from || !to) return i18n.t('common.notAvailable');
  const day = (moment: Dayjs) => moment.format('ddd DD/MM/YYYY');
  if (from.format(DAY) === to.format(DAY)) {
    return i18n.t('auctions.dates.sameDay', { day: day(from), from: from.format('HH:mm'), to: to.format('HH:mm') });
  }
  return i18n.t('auctions.dates.twoDays', { from: `${day(from)}, ${from.format('HH:mm')}`, to: `${day(to)}, ${to.format('HH:mm')}` });
}
