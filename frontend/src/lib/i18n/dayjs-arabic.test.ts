import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n/dayjs-arabic';

describe("dayjs's Arabic", () => {
  it('names months and days in Arabic and writes Latin digits', () => {
    expect(dayjs('2026-11-29T10:05:00').locale('ar').format('dddd D MMMM YYYY, HH:mm')).toBe('الأحد 29 نوفمبر 2026, 10:05');
  });
});
