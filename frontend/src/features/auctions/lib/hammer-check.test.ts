import { describe, expect, it } from 'vitest';
import { beyondAvailable, unusualHammer } from '@/features/auctions/lib/hammer-check';

describe('unusualHammer: the second confirmation of a hammer price', () => {
  it('asks for a price below half of the opening price, with its share in two decimals', () => {
    expect(unusualHammer('9', 147500, null)).toEqual({ of: 'opening', percent: '0.01' });
    expect(unusualHammer('150', 15000, null)).toEqual({ of: 'opening', percent: '1.00' });
    expect(unusualHammer('73749.99', 147500, null)).toEqual({ of: 'opening', percent: '50.00' });
  });

  it('takes half and five times exactly, without asking', () => {
    expect(unusualHammer('73750', 147500, null)).toBeNull();
    expect(unusualHammer('737500', 147500, null)).toBeNull();
    expect(unusualHammer('147500', 147500, 150000)).toBeNull();
  });

  it('asks for a price above five times the opening price', () => {
    expect(unusualHammer('737500.01', 147500, null)).toEqual({ of: 'opening', percent: '500.00' });
    expect(unusualHammer('1475000', 147500, null)).toEqual({ of: 'opening', percent: '1,000.00' });
  });

  it('asks for a price below half of the reserve, above half of the opening price', () => {
    expect(unusualHammer('9000', 15000, 20000)).toEqual({ of: 'reserve', percent: '45.00' });
    expect(unusualHammer('10000', 15000, 20000)).toBeNull();
  });

  it('compares in fils, never as floats (0.1 + 0.2 is not 0.3 in floats)', () => {
    expect(unusualHammer('0.15', 0.3, null)).toBeNull();
    expect(unusualHammer('0.14', 0.3, null)).toEqual({ of: 'opening', percent: '46.67' });
    expect(unusualHammer('1.5', '0.30', null)).toBeNull();
  });
});

describe('beyondAvailable', () => {
  it('is true only above the available amount, to the fils', () => {
    expect(beyondAvailable('60000', 60000)).toBe(false);
    expect(beyondAvailable('60000.01', 60000)).toBe(true);
    expect(beyondAvailable('0.3', 0.3)).toBe(false);
  });
});
