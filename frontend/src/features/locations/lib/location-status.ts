import type { StatusVariant } from '@/components/status-badge';
import type { StatusOption } from '@/components/status-dropdown';
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

/** Setting locations inActive is confirmed first, naming them; active is one click. */
export function statusOptions(): StatusOption[] {
  return LOCATION_STATUSES.map((value) =>
    value === 'inActive'
      ? {
          value,
          label: statusLabel(value),
          confirm: {
            title: (subject: string) => i18n.t('locations.confirm.inactiveTitle', { subject }),
            message: i18n.t('locations.confirm.inactiveMessage'),
            confirmText: i18n.t('locations.confirm.inactive'),
          },
        }
      : { value, label: statusLabel(value) },
  );
}

/** What a confirmation calls the selected locations: '3 locations'. */
export function locationsSubject(count: number): string {
  return i18n.t('locations.subject', { count });
}
