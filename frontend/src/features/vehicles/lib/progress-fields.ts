import type { StatusConfirm, StatusOption } from '@/components/status-dropdown';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import type { ProgressChange } from '@/features/vehicles/api/update-vehicle-progress';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import i18n from '@/lib/i18n/i18n';

/** A review or after-sale step staff set by hand, with PUT /api/vehicles/update-vehicle-status/{id}. */
export type ProgressField = 'isReceived' | 'isVehicleDeliveredBySeller' | 'isInspection' | 'isReturned' | 'isReleased';

/**
 * A step column of a list: a step set by hand, or one that follows its own records and is only shown: payment
 * (`isPaid`) follows the vehicle's invoice, the gate pass (`gatePassStatus`) its passes and the gate's scans.
 */
export type StepField = ProgressField | 'isPaid' | 'gatePassStatus';

/** The columns each list shows (SPEC.md section 4). */
export const LIST_PROGRESS: Record<VehicleListName, StepField[]> = {
  review: ['isReceived', 'isVehicleDeliveredBySeller', 'isInspection'],
  approved: [],
  rejected: [],
  sold: ['isPaid', 'gatePassStatus', 'isReleased'],
  canceled: ['isReturned'],
};

/** Whether staff set the step by hand (a dropdown); payment and gate pass follow their records. */
export function isManualStep(field: StepField): field is ProgressField {
  return field !== 'isPaid' && field !== 'gatePassStatus';
}

const INSPECTION = ['pending', 'inInspection', 'completed'] as const;

const label = (key: string) => i18n.t(`vehicles.progress.${key}` as 'vehicles.progress.pending');

function yesNo(yes: string, no: string): StatusOption[] {
  return [
    { value: 'false', label: label(no) },
    { value: 'true', label: label(yes) },
  ];
}

/** 'Mark Lot 1600 as returned?': the one step that cannot be undone. */
function returnConfirm(vehicle: Vehicle): StatusConfirm {
  const lot = i18n.t('vehicles.lot', { number: vehicle.vehicleLotNumber });
  return {
    title: () => i18n.t('vehicles.confirm.returnedTitle', { subject: lot }),
    message: i18n.t('vehicles.confirm.returnedMessage'),
    confirmText: i18n.t('vehicles.confirm.returned'),
  };
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
      // Returned is offered only while the vehicle has not been returned; a return cannot be undone, so it is
      // confirmed first, naming the lot.
      return vehicle.isReturned
        ? [{ value: 'true', label: label('returned') }]
        : yesNo('returned', 'unreturned').map((option) => (option.value === 'true' ? { ...option, confirm: returnConfirm(vehicle) } : option));
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

/**
 * The step's name where it stands alone (a dropdown's label, the vehicle page): SVD says what it means. Column
 * headers keep the short name and explain SVD in a tooltip (VehicleProgressTitle).
 */
export function progressName(field: StepField): string {
  return field === 'isVehicleDeliveredBySeller' ? i18n.t('vehicles.columns.svdLong') : i18n.t(`vehicles.columns.${field}`);
}

/** The toast after a step is saved, in the words of the step ('Lot 1600 marked as received', 'Lot 1600: inspection completed'). */
export function progressDone(field: ProgressField, value: string, lot: string): string {
  return i18n.t(`vehicles.progressDone.${field}.${value}` as 'vehicles.progressDone.isReceived.true', { lot });
}

/** Whether the dropdown can be changed at all: a return and a release are final. */
export function progressLocked(vehicle: Vehicle, field: ProgressField): boolean {
  if (field === 'isReturned') return vehicle.isReturned;
  if (field === 'isReleased') return vehicle.isReleased;
  return false;
}

/** The body of update-vehicle-status for a new dropdown value. */
export function progressChange(field: ProgressField, value: string): ProgressChange {
  if (field === 'isInspection') return { isInspection: value as ProgressChange['isInspection'] };
  return { [field]: value === 'true' };
}
