import { describe, expect, it } from 'vitest';
import { formatAed } from '@/lib/money';

describe('money', () => {
  it('formats AED with two decimals and thousands separators', () => {
    expect(formatAed(1250)).toBe('AED 1,250.00');
    expect(formatAed('98765.5')).toBe('AED 98,765.50');
    expect(formatAed(0)).toBe('AED 0.00');
    expect(formatAed('1234.567')).toBe('AED 1,234.57');
  });

  it('shows N/A for missing or unparseable amounts', () => {
    expect(formatAed(null)).toBe('N/A');
    expect(formatAed('')).toBe('N/A');
    expect(formatAed('abc')).toBe('N/A');
  });
});
