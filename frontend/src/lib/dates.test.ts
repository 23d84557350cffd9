import { describe, expect, it } from 'vitest';
import { dubaiDay, formatDate, formatDateTime } from '@/lib/dates';

describe('dates', () => {
  it('shows DD/MM/YYYY in the Dubai time zone', () => {
    expect(formatDate('2025-03-09T10:00:00Z')).toBe('09/03/2025');
    // 22:30 UTC is already the next day in Dubai (UTC+4).
    expect(formatDate('2025-03-09T22:30:00Z')).toBe('10/03/2025');
    expect(formatDate(Date.UTC(2024, 11, 31, 12))).toBe('31/12/2024');
  });

  it('shows date and time in Dubai', () => {
    expect(formatDateTime('2025-03-09T22:30:00Z')).toBe('10/03/2025 02:30');
  });

  it('shows N/A for missing or invalid values', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDateTime('2025-13-45')).toBe('N/A');
    expect(formatDate('2025-02-30')).toBe('N/A');
  });

  it('gives the Dubai calendar day of a moment, comparable as a string', () => {
    expect(dubaiDay('2025-03-09T19:59:00Z')).toBe('2025-03-09');
    expect(dubaiDay('2025-03-09T20:00:00Z')).toBe('2025-03-10');
    expect(dubaiDay(null)).toBeNull();
    expect(dubaiDay('not a date')).toBeNull();
  });
});
