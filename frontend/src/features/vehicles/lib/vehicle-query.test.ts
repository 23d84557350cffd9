import { describe, expect, it } from 'vitest';
import { vehicleQuery } from '@/features/vehicles/lib/vehicle-query';

const list = { page: 2, limit: 20, search: 'accord', sortBy: 'year', sortOrder: 'asc' as const };

describe('vehicle list query', () => {
  it('maps each list to its status and the URL filters to the API body', () => {
    const body = vehicleQuery('sold', { ...list, filters: { make: 'Honda', yearFrom: '2015', yearTo: '2020', priceFrom: '1000.50', paid: 'true', released: 'false' } });
    expect(body).toMatchObject({ status: 'sold', pageNo: 2, limit: 20, search: 'accord', sortBy: 'year', sortOrder: 'asc', make: 'Honda', yearFrom: 2015, yearTo: 2020 });
    expect(body).toMatchObject({ priceFrom: '1000.50', isPaid: true, isReleased: false });
    expect(vehicleQuery('canceled', { ...list, filters: {} }).status).toBe('cancelled');
    expect(vehicleQuery('review', { ...list, filters: {} }).status).toBe('pending');
  });

  it('leaves out filters that are not numbers or flags', () => {
    const body = vehicleQuery('approved', { ...list, filters: { yearFrom: 'abc', priceTo: '12,000', assigned: 'maybe' } });
    expect(body.yearFrom).toBeUndefined();
    expect(body.priceTo).toBeUndefined();
    expect(body.assigned).toBeUndefined();
  });
});
