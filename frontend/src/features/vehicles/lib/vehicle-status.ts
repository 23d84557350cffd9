import type { StatusOption } from '@/components/status-dropdown';
import type { StatusVariant } from '@/components/status-badge';
import type { VehicleStatus } from '@/features/vehicles/api/get-vehicles';
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
 * The choices of a status dropdown: the given moves, plus the current status so the box can name it. Going
 * back to pending is the seller's resubmission (requestType Update), so that move says so.
 */
export function statusOptions(moves: readonly VehicleStatus[], current?: string): StatusOption[] {
  const values: string[] = current && !moves.includes(current as VehicleStatus) ? [current, ...moves] : [...moves];
  return values.map((value) => ({
    value,
    label: value === 'pending' && moves.includes('pending') ? i18n.t('vehicles.status.resubmit') : statusLabel(value),
  }));
}
