import type { StatusOption } from '@/components/status-dropdown';
import type { StatusVariant } from '@/components/status-badge';
import type { MemberStatus } from '@/features/members/api/get-members';
import i18n from '@/lib/i18n/i18n';

export const MEMBER_STATUSES: readonly MemberStatus[] = ['pending', 'approved', 'rejected', 'inActive', 'deactivated'];

/**
 * Which status may follow which (backend members/transitions.py; docs/decisions.md): pending -> approved or
 * rejected; approved -> deactivated or inActive; deactivated -> approved; inActive -> approved; rejected -> pending.
 */
export const TRANSITIONS: Record<MemberStatus, readonly MemberStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['deactivated', 'inActive'],
  deactivated: ['approved'],
  inActive: ['approved'],
  rejected: ['pending'],
};

const VARIANTS: Record<MemberStatus, StatusVariant> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
  inActive: 'default',
  deactivated: 'info',
};

const isStatus = (status: string): status is MemberStatus => MEMBER_STATUSES.includes(status as MemberStatus);

export function statusVariant(status: string): StatusVariant {
  return isStatus(status) ? VARIANTS[status] : 'default';
}

/** "inActive" on the wire reads "Inactive" on screen. */
export function statusLabel(status: string): string {
  return isStatus(status) ? i18n.t(`members.status.${status}`) : status;
}

/** What staff pick to move a member from `from` to `to` ("Approved", "Deactivate", "Activate", ...). */
export function transitionLabel(from: MemberStatus, to: MemberStatus): string {
  if (to === 'approved' && from !== 'pending') return i18n.t('members.transition.activate');
  return i18n.t(`members.transition.${to}`);
}

/** The choices of the status dropdown for members of this status: only the transitions the server allows. */
export function transitionOptions(from: string): StatusOption[] {
  if (!isStatus(from)) return [];
  return TRANSITIONS[from].map((to) => ({ value: to, label: transitionLabel(from, to) }));
}
