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

  it('opens the Review list at a stage of review; an unknown stage is left out', () => {
    expect(vehicleQuery('review', { ...list, filters: { stage: 'received' } })).toMatchObject({ status: 'pending', stage: 'received' });
    expect(vehicleQuery('review', { ...list, filters: { stage: 'inspectionCompleted' } }).stage).toBe('inspectionCompleted');
    expect(vehicleQuery('review', { ...list, filters: { stage: 'parked' } }).stage).toBeUndefined();
  });

  it('opens the Sold list at the vehicles waiting at the gate or still in the yard', () => {
    const body = vehicleQuery('sold', { ...list, filters: { gatePass: 'issued', inYardSoldBy: '2031-05-01' } });
    expect(body).toMatchObject({ status: 'sold', gatePassIssued: true, inYardSoldBy: '2031-05-01' });
    const wrong = vehicleQuery('sold', { ...list, filters: { gatePass: 'yes', inYardSoldBy: '01/05/2031' } });
    expect(wrong.gatePassIssued).toBeUndefined();
    expect(wrong.inYardSoldBy).toBeUndefined();
  });
});
