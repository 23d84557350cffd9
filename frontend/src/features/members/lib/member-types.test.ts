import { describe, expect, it } from 'vitest';
import { memberTypesLabel } from '@/features/members/lib/member-types';

describe('memberTypesLabel', () => {
  it('names one type, says Both for two and Multiple for more', () => {
    expect(memberTypesLabel(['seller'])).toBe('Seller');
    expect(memberTypesLabel(['buyer'])).toBe('Buyer');
    expect(memberTypesLabel(['seller', 'buyer'])).toBe('Both');
    expect(memberTypesLabel(['seller', 'buyer', 'broker'])).toBe('Multiple');
  });

  it('counts a repeated type once and shows N/A for none', () => {
    expect(memberTypesLabel(['buyer', 'buyer'])).toBe('Buyer');
    expect(memberTypesLabel([])).toBe('N/A');
    expect(memberTypesLabel(undefined)).toBe('N/A');
  });
});
