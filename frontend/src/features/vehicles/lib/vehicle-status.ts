import type { StatusConfirm, StatusOption } from '@/components/status-dropdown';
import type { StatusVariant } from '@/components/status-badge';
import type { Vehicle, VehicleStatus } from '@/features/vehicles/api/get-vehicles';
import { formatDate } from '@/lib/dates';
import i18n from '@/lib/i18n/i18n';

const VARIANTS: Record<VehicleStatus, StatusVariant> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'danger',
  sold: 'success',
  cancelled: 'default',
};

export function statusVariant(status: string): StatusVariant {
  return VARIANTS[status as VehicleStatus] ?? 'default';
}

export function statusLabel(status: string): string {
  return status in VARIANTS ? i18n.t(`vehicles.status.${status as VehicleStatus}`) : status;
}

/**
 * What must be confirmed before a move (docs/decisions.md): rejecting and cancelling need a reason (the server
 * refuses them without one); approving and resubmitting stay one click.
 */
const CONFIRM: Partial<Record<VehicleStatus, () => StatusConfirm>> = {
  rejected: () => ({
    title: (subject) => i18n.t('vehicles.confirm.rejectTitle', { subject }),
    message: i18n.t('vehicles.confirm.rejectMessage'),
    confirmText: i18n.t('vehicles.confirm.reject'),
    reason: 'required',
  }),
  cancelled: () => ({
    title: (subject) => i18n.t('vehicles.confirm.cancelTitle', { subject }),
    message: i18n.t('vehicles.confirm.cancelMessage'),
    confirmText: i18n.t('vehicles.confirm.cancel'),
    cancelText: i18n.t('vehicles.confirm.keep'),
    reason: 'required',
  }),
};

/**
 * The choices of a status dropdown: the given moves, plus the current status so the box can name it. Going
 * back to pending is the seller's resubmission (requestType Update), so that move says so.
 */
export function statusOptions(moves: readonly VehicleStatus[], current?: string): StatusOption[] {
  const values: string[] = current && !moves.includes(current as VehicleStatus) ? [current, ...moves] : [...moves];
  return values.map((value) => {
    const confirm = CONFIRM[value as VehicleStatus]?.();
    return {
      value,
      label: value === 'pending' && moves.includes('pending') ? i18n.t('vehicles.status.resubmit') : statusLabel(value),
      ...(confirm ? { confirm } : {}),
    };
  });
}

/** What a confirmation calls the selected vehicles: '3 vehicles'. */
export function vehiclesSubject(count: number): string {
  return i18n.t('vehicles.subject', { count });
}

/** Why the vehicle has its status, when a reason was given: 'Rejected on 05/01/2026: no service history'. */
export function statusReason(vehicle: Pick<Vehicle, 'status' | 'statusReason' | 'statusChangedAt'>): string | undefined {
  if (!vehicle.statusReason) return undefined;
  const status = statusLabel(vehicle.status);
  return vehicle.statusChangedAt
    ? i18n.t('vehicles.statusReason', { status, date: formatDate(vehicle.statusChangedAt), reason: vehicle.statusReason })
    : i18n.t('vehicles.statusReasonUndated', { status, reason: vehicle.statusReason });
}
