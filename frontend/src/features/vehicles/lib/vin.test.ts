import { describe, expect, it } from 'vitest';
import { checkDigit, normalizeVin, vinProblem } from '@/features/vehicles/lib/vin';

describe('VIN rules', () => {
  it('accepts a North American VIN with the right check digit', () => {
    expect(checkDigit('1HGCM82633A004352')).toBe('3');
    expect(vinProblem('1HGCM82633A004352')).toBeUndefined();
    expect(vinProblem(' 1hgcm82633a004352 ')).toBeUndefined();
  });

  it('refuses a wrong length, I, O or Q, and a wrong check digit', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe('length');
    expect(vinProblem('1HGCM82633A0043521')).toBe('length');
    expect(vinProblem('1HGCM82633A00435O')).toBe('characters');
    expect(vinProblem('1HGCM82643A004352')).toBe('checkDigit');
  });

  it('does not ask for a check digit outside North America', () => {
    expect(vinProblem('WVWZZZ1JZXW000001')).toBeUndefined();
  });

  it('stores VINs upper case without spaces', () => {
    expect(normalizeVin('1hg cm8 2633a004352')).toBe('1HGCM82633A004352');
  });
});
