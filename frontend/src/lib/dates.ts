import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from '@/lib/i18n/i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every date in the UI is shown in the UAE time zone. */
export const APP_TIME_ZONE = 'Asia/Dubai';

export type DateInput = string | number | Date | null | undefined;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** dayjs rolls impossible days over ('2025-02-30' becomes 2 March); such strings are invalid here. */
function impossibleDay(value: DateInput): boolean {
  if (typeof value !== 'string') return false;
  const day = ISO_DAY.exec(value)?.[0];
  return day !== undefined && dayjs.utc(day).format('YYYY-MM-DD') !== day;
}

function toDubai(value: DateInput) {
  if (value === null || value === undefined || value === '' || impossibleDay(value)) return null;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.tz(APP_TIME_ZONE) : null;
}

/** DD/MM/YYYY in Asia/Dubai, or N/A when the value is missing or invalid. */
export function formatDate(value: DateInput): string {
  return toDubai(value)?.format('DD/MM/YYYY') ?? i18n.t('common.notAvailable');
}

/**
 * A due date, shown one way on every screen (the invoices list and drawer, a member's and a vehicle's documents, the
 * receivables report): the Dubai day it falls on, DD/MM/YYYY, or N/A.
 */
export function formatDueDate(value: DateInput): string {
  return formatDate(value);
}

/** DD/MM/YYYY HH:mm in Asia/Dubai, or N/A when the value is missing or invalid. */
export function formatDateTime(value: DateInput): string {
  return toDubai(value)?.format('DD/MM/YYYY HH:mm') ?? i18n.t('common.notAvailable');
}

/** The Asia/Dubai calendar day of a moment, 'YYYY-MM-DD' (so days compare as strings), or null when missing or invalid. */
export function dubaiDay(value: DateInput): string | null {
  return toDubai(value)?.format('YYYY-MM-DD') ?? null;
}
