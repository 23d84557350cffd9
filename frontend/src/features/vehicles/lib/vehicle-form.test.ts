import { describe, expect, it } from 'vitest';
import { reserveProblem, toVehicleBody, type VehicleFormValues } from '@/features/vehicles/lib/vehicle-form';
import { yearOptions } from '@/features/vehicles/lib/vehicle-options';

describe('vehicle form', () => {
  it('refuses a reserve price below the opening price; an empty reserve is fine', () => {
    expect(reserveProblem('85000.00', '84999.99')).toBe('belowOpening');
    expect(reserveProblem('85000.00', '85000.00')).toBeUndefined();
    expect(reserveProblem('85000.00', '110000')).toBeUndefined();
    expect(reserveProblem('85000.00', null)).toBeUndefined();
    expect(reserveProblem(undefined, '100')).toBeUndefined();
  });

  it('offers the years from the current one back to 1900, as strings', () => {
    const years = yearOptions(new Date('2026-06-01T00:00:00Z'));
    expect(years[0]).toEqual({ value: 2026, label: '2026' });
    expect(years.at(-1)).toEqual({ value: 1900, label: '1900' });
    expect(years).toHaveLength(127);
  });

  it('builds the API body: trimmed text, upper-case VIN, empty texts as null, photos in order', () => {
    const values: VehicleFormValues = {
      memberProfile: 'm1',
      vinNumber: '1hgcm82633a004352 ',
      title: ' 2019 Toyota Land Cruiser ',
      make: 'Toyota',
      model: 'Land Cruiser',
      year: 2019,
      color: '  ',
      plateNumber: ' Dubai A 12345 ',
      openingPrice: '85000.00',
      reservePrice: '',
      images: [
        { url: '/public/vehicles/b.png', thumbnailUrl: '/public/vehicles/b-thumb.png' },
        { url: '/public/vehicles/a.png', thumbnailUrl: '/public/vehicles/a-thumb.png' },
      ],
    };
    const body = toVehicleBody(values);
    expect(body).toMatchObject({
      memberProfile: 'm1',
      vinNumber: '1HGCM82633A004352',
      title: '2019 Toyota Land Cruiser',
      color: null,
      plateNumber: 'Dubai A 12345',
      mileage: 0,
      keysAvailable: false,
      openingPrice: '85000.00',
      reservePrice: null,
    });
    expect(body.images?.map((image) => image.url)).toEqual(['/public/vehicles/b.png', '/public/vehicles/a.png']);
    expect(body).not.toHaveProperty('status');
  });
});
