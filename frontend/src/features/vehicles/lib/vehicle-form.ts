import type { components } from '@/api/schema';
import { moneyValue, readMoney } from '@/components/money-input';
import { numberText } from '@/components/number-input';
import type { VehicleCreate } from '@/features/vehicles/api/create-vehicle';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import type { VehicleImage } from '@/features/vehicles/lib/image-order';
import { normalizeVin } from '@/features/vehicles/lib/vin';
import { compareAmounts } from '@/lib/money-text';

type Schemas = components['schemas'];

/** The fields of the add dialog and of the 'Vehicle Information' tab: every field but the status. */
export interface VehicleFormValues {
  memberProfile?: string;
  vinNumber: string;
  title: string;
  make: string;
  model: string;
  year?: number;
  transmission?: Schemas['Transmission'] | null;
  engineDetails?: string | null;
  driveType?: Schemas['DriveType'] | null;
  fuelType?: Schemas['FuelType'] | null;
  /** As typed (NumberInput), or the API's number. */
  mileage?: string | number | null;
  keysAvailable?: boolean;
  runAndDrive?: boolean;
  startStatus?: boolean;
  unknownStatus?: boolean;
  color?: string | null;
  plateNumber?: string | null;
  bodyStyle?: Schemas['BodyStyle'] | null;
  primaryDamage?: Schemas['Damage'] | null;
  secondaryDamage?: Schemas['Damage'] | null;
  cylinders?: number | null;
  openingPrice?: string | null;
  reservePrice?: string | null;
  description?: string | null;
  images?: VehicleImage[];
}

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function newVehicleValues(): Partial<VehicleFormValues> {
  return { keysAvailable: false, runAndDrive: false, startStatus: false, unknownStatus: false, mileage: 0, images: [] };
}

/** Why the reserve price is refused (it may be empty, never below the opening price), or undefined. */
export function reserveProblem(opening: string | null | undefined, reserve: string | null | undefined): 'belowOpening' | undefined {
  const reserveAmount = readMoney(reserve);
  const openingAmount = readMoney(opening);
  if (reserveAmount === null || openingAmount === null) return undefined;
  return compareAmounts(reserveAmount, openingAmount) < 0 ? 'belowOpening' : undefined;
}

export function fromVehicle(vehicle: Vehicle): VehicleFormValues {
  return {
    memberProfile: vehicle.memberProfile._id,
    vinNumber: vehicle.vinNumber,
    title: vehicle.title,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    transmission: vehicle.transmission as Schemas['Transmission'] | null,
    engineDetails: vehicle.engineDetails,
    driveType: vehicle.driveType as Schemas['DriveType'] | null,
    fuelType: vehicle.fuelType as Schemas['FuelType'] | null,
    mileage: vehicle.mileage,
    keysAvailable: vehicle.keysAvailable,
    runAndDrive: vehicle.runAndDrive,
    startStatus: vehicle.startStatus,
    unknownStatus: vehicle.unknownStatus,
    color: vehicle.color,
    plateNumber: vehicle.plateNumber ?? null,
    bodyStyle: vehicle.bodyStyle as Schemas['BodyStyle'] | null,
    primaryDamage: vehicle.primaryDamage as Schemas['Damage'] | null,
    secondaryDamage: vehicle.secondaryDamage as Schemas['Damage'] | null,
    cylinders: vehicle.cylinders,
    openingPrice: vehicle.openingPrice.toFixed(2),
    reservePrice: vehicle.reservePrice === null ? null : vehicle.reservePrice.toFixed(2),
    description: vehicle.description,
    images: vehicle.images.map((image) => ({ url: image.url, thumbnailUrl: image.thumbnailUrl })),
  };
}

/** The body of vehicles/create and of PUT /vehicles/{id} (no status). */
export function toVehicleBody(values: VehicleFormValues): VehicleCreate {
  return {
    memberProfile: values.memberProfile ?? '',
    vinNumber: normalizeVin(values.vinNumber ?? ''),
    title: values.title.trim(),
    make: values.make.trim(),
    model: values.model.trim(),
    year: values.year ?? 0,
    transmission: values.transmission ?? null,
    engineDetails: blank(values.engineDetails),
    driveType: values.driveType ?? null,
    fuelType: values.fuelType ?? null,
    mileage: Number(numberText(values.mileage) ?? 0),
    keysAvailable: values.keysAvailable ?? false,
    runAndDrive: values.runAndDrive ?? false,
    startStatus: values.startStatus ?? false,
    unknownStatus: values.unknownStatus ?? false,
    color: blank(values.color),
    plateNumber: blank(values.plateNumber),
    bodyStyle: values.bodyStyle ?? null,
    primaryDamage: values.primaryDamage ?? null,
    secondaryDamage: values.secondaryDamage ?? null,
    cylinders: values.cylinders ?? null,
    openingPrice: moneyValue(values.openingPrice) ?? '0',
    reservePrice: moneyValue(values.reservePrice),
    description: blank(values.description),
    images: (values.images ?? []).map((image) => ({ url: image.url, thumbnailUrl: image.thumbnailUrl })),
  };
}
