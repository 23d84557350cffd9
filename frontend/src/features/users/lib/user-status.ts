import type { StatusVariant } from '@/components/status-badge';
import type { AccountStatus } from '@/features/users/api/get-users';
import i18n from '@/lib/i18n/i18n';

export const ACCOUNT_STATUSES: readonly AccountStatus[] = ['Active', 'Suspended', 'inActive'];

const VARIANTS: Record<AccountStatus, StatusVariant> = { Active: 'success', Suspended: 'danger', inActive: 'default' };

export function statusVariant(status: string): StatusVariant {
  return VARIANTS[status as AccountStatus] ?? 'default';
}

/** "inActive" on the wire (SPEC.md's spelling) reads "Inactive" on screen. */
export function statusLabel(status: string): string {
  const known = ACCOUNT_STATUSES.includes(status as AccountStatus);
  return known ? i18n.t(`users.status.${status as AccountStatus}`) : status;
}

export function statusOptions() {
  return ACCOUNT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
}
