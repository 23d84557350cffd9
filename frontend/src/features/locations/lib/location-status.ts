import type { StatusVariant } from '@/components/status-badge';
import type { LocationStatus } from '@/features/locations/api/get-locations';
import i18n from '@/lib/i18n/i18n';

export const LOCATION_STATUSES: readonly LocationStatus[] = ['active', 'inActive'];

export function statusVariant(status: string): StatusVariant {
  return status === 'active' ? 'success' : 'default';
}

/** "inActive" on the wire reads "Inactive" on screen. */
export function statusLabel(status: string): string {
  if (status === 'active') return i18n.t('common.active');
  if (status === 'inActive') return i18n.t('common.inactive');
  return status;
}

export function statusOptions() {
  return LOCATION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
}
