import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** The option lists of SPEC.md section 9, as the API accepts them (gavel/vehicles/options.py). */
export const TRANSMISSIONS: readonly Schemas['Transmission'][] = ['Automatic', 'Manual', 'CVT', 'Dual-Clutch', 'Semi-Automatic'];
export const DRIVE_TYPES: readonly Schemas['DriveType'][] = ['FWD', 'RWD', 'AWD', '4WD'];
export const FUEL_TYPES: readonly Schemas['FuelType'][] = ['Petrol', 'Diesel', 'Electric', 'Hybrid', 'CNG', 'LPG', 'Hydrogen'];
export const BODY_STYLES: readonly Schemas['BodyStyle'][] = ['Sedan', 'SUV', 'Hatchback', 'Coupe', 'Convertible', 'Pickup', 'Van', 'Wagon', 'Minivan', 'Crossover', 'Truck'];
export const DAMAGES: readonly Schemas['Damage'][] = [
  'None',
  'Front End',
  'Rear End',
  'Side',
  'Roof',
  'Undercarriage',
  'Mechanical',
  'Electrical',
  'Hail',
  'Flood',
  'Fire',
  'Vandalism',
  'Minor Dents/Scratches',
  'All Over',
];
export const CYLINDERS: readonly number[] = [1, 2, 3, 4, 5, 6, 8, 10, 12];

export const FIRST_YEAR = 1900;

/** The years a vehicle can have, newest first, shown as strings (SPEC.md section 9). */
export function yearOptions(today = new Date()) {
  const years: { value: number; label: string }[] = [];
  for (let year = today.getFullYear(); year >= FIRST_YEAR; year -= 1) years.push({ value: year, label: String(year) });
  return years;
}

/** Options whose label is the value itself. */
export function plainOptions<T extends string | number>(values: readonly T[]) {
  return values.map((value) => ({ value, label: String(value) }));
}
