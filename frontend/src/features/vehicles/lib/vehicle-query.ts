import type { VehicleQuery } from '@/features/vehicles/api/get-vehicles';
import { VEHICLE_LISTS, type VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import { pageQuery, type ListParams } from '@/lib/use-list-params';

/** The filters a vehicle list keeps in its URL (SPEC.md section 5: all optional). */
export const VEHICLE_FILTERS = [
  'make',
  'model',
  'yearFrom',
  'yearTo',
  'fuelType',
  'bodyStyle',
  'transmission',
  'seller',
  'priceFrom',
  'priceTo',
  'assigned',
  'paid',
  'released',
  'returned',
  // Lists the dashboard's Today figures open: the Review list at one stage (?stage=received), the Sold list's
  // vehicles whose gate pass is issued and not used (?gatePass=issued) or still in the yard, sold on or before a
  // day (?inYardSoldBy=2031-05-01).
  'stage',
  'gatePass',
  'inYardSoldBy',
] as const;

export type VehicleFilter = (typeof VEHICLE_FILTERS)[number];

const flag = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);
const whole = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const STAGES: readonly string[] = ['pending', 'received', 'inInspection', 'inspectionCompleted'] satisfies NonNullable<VehicleQuery['stage']>[];
const stage = (value: string | undefined) => (value && STAGES.includes(value) ? (value as VehicleQuery['stage']) : undefined);
const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const amount = (value: string | undefined) => (value && /^\d+(\.\d{1,2})?$/.test(value) ? value : undefined);

/** The body of vehicles/get (and of the CSV export) for a list and what its URL holds. */
export function vehicleQuery(name: VehicleListName, list: ListParams<VehicleFilter>): VehicleQuery {
  const { filters } = list;
  return {
    ...pageQuery(list),
    status: VEHICLE_LISTS[name].status,
    make: filters.make,
    model: filters.model,
    yearFrom: whole(filters.yearFrom),
    yearTo: whole(filters.yearTo),
    fuelType: filters.fuelType as VehicleQuery['fuelType'],
    bodyStyle: filters.bodyStyle as VehicleQuery['bodyStyle'],
    transmission: filters.transmission as VehicleQuery['transmission'],
    seller: filters.seller,
    priceFrom: amount(filters.priceFrom),
    priceTo: amount(filters.priceTo),
    assigned: flag(filters.assigned),
    isPaid: flag(filters.paid),
    isReleased: flag(filters.released),
    isReturned: flag(filters.returned),
    stage: stage(filters.stage),
    gatePassIssued: filters.gatePass === 'issued' ? true : undefined,
    inYardSoldBy: day(filters.inYardSoldBy),
  };
}
