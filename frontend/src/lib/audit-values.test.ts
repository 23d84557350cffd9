import { describe, expect, it } from 'vitest';
import { changed, entityLabel, fieldLabel, recordLogSearch, recordPath, valueText } from '@/lib/audit-values';

describe('audit values', () => {
  it('names a field in words', () => {
    expect(fieldLabel('userAccountStatus')).toBe('User account status');
    expect(fieldLabel('vin_number')).toBe('Vin number');
  });

  it('shows a value as text, nothing as a dash', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText('')).toBe('—');
    expect(valueText(true)).toBe('Yes');
    expect(valueText(1250)).toBe('1250');
    expect(valueText({ lane: 'A' })).toBe('{"lane":"A"}');
  });

  it('compares both sides as JSON', () => {
    expect(changed(['a'], ['a'])).toBe(false);
    expect(changed(null, undefined)).toBe(false);
    expect(changed('pending', 'approved')).toBe(true);
  });

  it('links a record to its screen where it has one', () => {
    expect(recordPath('member', 'm1')).toBe('/members/m1');
    expect(recordPath('invoice', 'i 1')).toBe('/invoice-management?invoice=i%201');
    expect(recordPath('role', 'r1')).toBeUndefined();
    expect(recordPath('vehicle', null)).toBeUndefined();
    expect(recordLogSearch('vehicle', 'v1')).toBe('?entity=vehicle&record=v1');
  });

  it('names the kinds of record, and an unknown one from its code', () => {
    expect(entityLabel('auction_event')).toBe('Auction event');
    expect(entityLabel('spare_part')).toBe('Spare part');
  });
});
