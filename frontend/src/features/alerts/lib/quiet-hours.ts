import type { Dayjs } from 'dayjs';
import { APP_TIME_ZONE } from '@/lib/dates';

/** The quiet hours' defaults (Settings → Business), said while the campaign options are loading. */
export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '08:00';

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * When promotional SMS and WhatsApp written at `now` go out: null when `now` (read in Dubai) is outside the quiet
 * hours from `from` until `until` (HH:MM, Dubai; they may span midnight), otherwise the next `until`.
 */
export function quietEnd(now: Dayjs, from: string, until: string): Dayjs | null {
  const local = now.tz(APP_TIME_ZONE);
  const minute = local.hour() * 60 + local.minute();
  const start = minutesOf(from);
  const end = minutesOf(until);
  const quiet = start > end ? minute >= start || minute < end : start < end && minute >= start && minute < end;
  if (!quiet) return null;
  const today = local.startOf('day').add(end, 'minute');
  return minute < end ? today : today.add(1, 'day');
}
