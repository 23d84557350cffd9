import type { StatusOption } from '@/components/status-dropdown';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import type { ProgressChange } from '@/features/vehicles/api/update-vehicle-progress';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import i18n from '@/lib/i18n/i18n';

/** A review or after-sale column of a list, edited with PUT /api/vehicles/update-vehicle-status/{id}. */
export type ProgressField = 'isReceived' | 'isVehicleDeliveredBySeller' | 'isInspection' | 'isReturned' | 'isPaid' | 'gatePassStatus' | 'isReleased';

/** The columns each list shows (SPEC.md section 4). */
export const LIST_PROGRESS: Record<VehicleListName, ProgressField[]> = {
  review: ['isReceived', 'isVehicleDeliveredBySeller', 'isInspection'],
  approved: [],
  rejected: [],
  sold: ['isPaid', 'gatePassStatus', 'isReleased'],
  canceled: ['isReturned'],
};

/** The gate pass steps (gavel/vehicles/transitions.py): Pending → Generated → Scanned → Picked Up, or Canceled. */
export const GATE_PASS_NEXT: Record<string, string[]> = {
  Pending: ['Generated', 'Canceled'],
  Generated: ['Scanned', 'Canceled'],
  Scanned: ['Picked Up', 'Canceled'],
  Canceled: ['Pending'],
  'Picked Up': [],
};

const INSPECTION = ['pending', 'inInspection', 'completed'] as const;

const label = (key: string) => i18n.t(`vehicles.progress.${key}` as 'vehicles.progress.pending');

function yesNo(yes: string, no: string): StatusOption[] {
  return [
    { value: 'false', label: label(no) },
    { value: 'true', label: label(yes) },
  ];
}

/** The value a progress dropdown shows for a vehicle (booleans as 'true' and 'false'). */
export function progressValue(vehicle: Vehicle, field: ProgressField): string {
  return String(vehicle[field]);
}

/** Every option of the dropdown, the current one included (the dropdown hides it). */
export function progressOptions(vehicle: Vehicle, field: ProgressField): StatusOption[] {
  switch (field) {
    case 'isReceived':
      return yesNo('received', 'pending');
    case 'isVehicleDeliveredBySeller':
      return yesNo('delivered', 'pending');
    case 'isInspection':
      return INSPECTION.map((value) => ({ value, label: label(value) }));
    case 'isReturned':
      // Returned is offered only while the vehicle has not been returned; a return cannot be undone.
      return vehicle.isReturned ? [{ value: 'true', label: label('returned') }] : yesNo('returned', 'unreturned');
    case 'isPaid':
      return yesNo('paid', 'unpaid');
    case 'gatePassStatus':
      return [vehicle.gatePassStatus, ...(GATE_PASS_NEXT[vehicle.gatePassStatus] ?? [])].map((value) => ({ value, label: gatePassLabel(value) }));
    case 'isReleased':
      if (vehicle.isReleased) return [{ value: 'true', label: label('released') }];
      // Release needs payment and pick-up (the server refuses it otherwise): offered greyed out until then.
      return yesNo('released', 'unreleased').map((option) =>
        option.value === 'true' ? { ...option, disabled: !(vehicle.isPaid && vehicle.gatePassStatus === 'Picked Up') } : option,
      );
  }
}

export function gatePassLabel(value: string): string {
  return i18n.t(`vehicles.gatePass.${value}` as 'vehicles.gatePass.Pending', { defaultValue: value });
}

/** Whether the dropdown can be changed at all: a return and a release are final, and release closes the sale. */
export function progressLocked(vehicle: Vehicle, field: ProgressField): boolean {
  if (field === 'isReturned') return vehicle.isReturned;
  if (field === 'isPaid' || field === 'gatePassStatus' || field === 'isReleased') return vehicle.isReleased;
  return false;
}

/** The body of update-vehicle-status for a new dropdown value. */
export function progressChange(field: ProgressField, value: string): ProgressChange {
  if (field === 'isInspection') return { isInspection: value as ProgressChange['isInspection'] };
  if (field === 'gatePassStatus') return { gatePassStatus: value as ProgressChange['gatePassStatus'] };
  return { [field]: value === 'true' };
}
