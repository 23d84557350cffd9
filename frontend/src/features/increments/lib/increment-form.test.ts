import { describe, expect, it } from 'vitest';
import { fromPriceProblem, newBand, pricesText, stepProblem, toBody } from '@/features/increments/lib/increment-form';

describe('increment table rows', () => {
  it('sends each amount as typed, commas dropped, with the version it was read at', () => {
    const values = { bands: [{ fromPrice: '0', step: '250' }, { fromPrice: '10,000', step: '500.50' }] };
    expect(toBody(values, 7)).toEqual({ bands: [{ fromPrice: '0', step: '250' }, { fromPrice: '10000', step: '500.50' }], version: 7 });
    expect(toBody({ bands: [] }, 0)).toEqual({ bands: [], version: 0 });
  });

  it('starts the first row at 0 and leaves a later one to be typed', () => {
    expect(newBand(0)).toEqual({ fromPrice: '0', step: null });
    expect(newBand(2)).toEqual({ fromPrice: null, step: null });
  });

  it('refuses a start that is not above the band before, and a step that is 0 or shrinks', () => {
    expect(fromPriceProblem('10000', '10,000')).toBe('The band must start above AED 10,000.00, where the band before it starts.');
    expect(fromPriceProblem('10000.01', '10000')).toBeUndefined();
    expect(fromPriceProblem('', '0')).toBe('Enter the price this band starts at.');
    expect(stepProblem('0.00', null)).toBe('The step must be more than AED 0.00.');
    expect(stepProblem('499.99', '500')).toBe('A step never shrinks as the price grows: AED 499.99 is less than the AED 500.00 of the band before it.');
    expect(stepProblem('500', '500')).toBeUndefined();
    expect(stepProblem('1e3', null)).toBe('"e" is not a digit. Type the amount with digits only, for example 90,000.');
  });

  it('says which prices a row covers, to one fils below the next band', () => {
    expect(pricesText('0', '10000', false)).toBe('AED 0.00 to AED 9,999.99');
    expect(pricesText('10000.50', '10000.51', false)).toBe('AED 10,000.50 to AED 10,000.50');
    expect(pricesText('50000', undefined, true)).toBe('AED 50,000.00 and above');
    expect(pricesText('5O', '100', false)).toBe('');
    expect(pricesText('100', '50', false)).toBe('');
  });
});
