import type { StatusVariant } from '@/components/status-badge';
import type { StatusConfirm, StatusOption } from '@/components/status-dropdown';
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

/**
 * Suspending and setting inActive sign the users out at once: confirmed first, naming them. Active is one click.
 */
function confirmOf(status: AccountStatus): StatusConfirm | undefined {
  if (status === 'Suspended') {
    return {
      title: (subject) => i18n.t('users.confirm.suspendTitle', { subject }),
      message: i18n.t('users.confirm.signedOut'),
      confirmText: i18n.t('users.confirm.suspend'),
    };
  }
  if (status === 'inActive') {
    return {
      title: (subject) => i18n.t('users.confirm.inactiveTitle', { subject }),
      message: i18n.t('users.confirm.signedOut'),
      confirmText: i18n.t('users.confirm.inactive'),
    };
  }
  return undefined;
}

export function statusOptions(): StatusOption[] {
  return ACCOUNT_STATUSES.map((value) => {
    const confirm = confirmOf(value);
    return { value, label: statusLabel(value), ...(confirm ? { confirm } : {}) };
  });
}

/** What a confirmation calls the selected users: '3 users'. */
export function usersSubject(count: number): string {
  return i18n.t('users.subject', { count });
}
