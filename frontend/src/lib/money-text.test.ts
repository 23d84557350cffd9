import { describe, expect, it } from 'vitest';
import { isPositiveAmount, parseMoneyText } from '@/lib/money-text';

const refused = (text: string) => {
  const read = parseMoneyText(text);
  return read.ok ? undefined : read.message;
};

describe('parseMoneyText', () => {
  it('keeps good amounts exactly, commas dropped', () => {
    expect(parseMoneyText('90,000')).toEqual({ ok: true, value: '90000' });
    expect(parseMoneyText('147500')).toEqual({ ok: true, value: '147500' });
    expect(parseMoneyText('1,250,000.5')).toEqual({ ok: true, value: '1250000.5' });
    expect(parseMoneyText('111,680.00')).toEqual({ ok: true, value: '111680.00' });
    expect(parseMoneyText(' 0.75 ')).toEqual({ ok: true, value: '0.75' });
    expect(parseMoneyText('007')).toEqual({ ok: true, value: '7' });
    expect(parseMoneyText('')).toEqual({ ok: true, value: null });
  });

  it('refuses letters, naming the one typed', () => {
    expect(refused('9O,000')).toBe('"O" is not a digit. Type the amount with digits only, for example 90,000.');
    expect(refused('12O,000abc')).toContain('"O" is not a digit');
    expect(refused('1l1,680')).toContain('"l" is not a digit');
    expect(refused('AED 100')).toContain('"A" is not a digit');
    expect(refused('10 000')).toBe('Remove the space: write 10,000 or 10000.');
  });

  it('refuses negatives, several points, misplaced commas and more than two decimals', () => {
    expect(refused('-100')).toBe('An amount cannot be negative.');
    expect(refused('1.2.3')).toBe('An amount has at most one decimal point.');
    expect(refused('9,00')).toBe('Commas group thousands: write 90,000 or 90000.');
    expect(refused('90,000,')).toBe('Commas group thousands: write 90,000 or 90000.');
    expect(refused('1.5,0')).toBe('Commas group thousands: write 90,000 or 90000.');
    expect(refused('10.125')).toBe('An amount has at most two decimals (fils).');
    expect(refused('10.')).toBe('Write the fils after the decimal point, or remove the point.');
    expect(refused('.5')).toBe('Write a digit before the decimal point, for example 0.5.');
  });

  it('tells a positive amount from zero by its digits', () => {
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('0.01')).toBe(true);
  });
});
