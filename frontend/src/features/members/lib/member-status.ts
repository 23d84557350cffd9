import type { StatusConfirm, StatusOption } from '@/components/status-dropdown';
import type { StatusVariant } from '@/components/status-badge';
import type { Member, MemberStatus } from '@/features/members/api/get-members';
import { formatDate } from '@/lib/dates';
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

/**
 * What must be confirmed before a move (docs/decisions.md): rejecting and deactivating need a reason (the server
 * refuses them without one), marking inactive is confirmed and may give one; approving, activating and sending
 * back to review stay one click.
 */
function confirmOf(to: MemberStatus): StatusConfirm | undefined {
  switch (to) {
    case 'rejected':
      return {
        title: (subject) => i18n.t('members.confirm.rejectTitle', { subject }),
        message: i18n.t('members.confirm.rejectMessage'),
        confirmText: i18n.t('members.confirm.reject'),
        reason: 'required',
      };
    case 'deactivated':
      return {
        title: (subject) => i18n.t('members.confirm.deactivateTitle', { subject }),
        message: i18n.t('members.confirm.deactivateMessage'),
        confirmText: i18n.t('members.confirm.deactivate'),
        reason: 'required',
      };
    case 'inActive':
      return {
        title: (subject) => i18n.t('members.confirm.inactiveTitle', { subject }),
        message: i18n.t('members.confirm.inactiveMessage'),
        confirmText: i18n.t('members.confirm.inactive'),
        reason: 'optional',
      };
    default:
      return undefined;
  }
}

/** The choices of the status dropdown for members of this status: only the transitions the server allows. */
export function transitionOptions(from: string): StatusOption[] {
  if (!isStatus(from)) return [];
  return TRANSITIONS[from].map((to) => {
    const confirm = confirmOf(to);
    return { value: to, label: transitionLabel(from, to), ...(confirm ? { confirm } : {}) };
  });
}

/** What a confirmation calls the selected members: '3 members'. */
export function membersSubject(count: number): string {
  return i18n.t('members.subject', { count });
}

/**
 * Why the member has its status, when a reason was given: 'Rejected on 23/11/2026: Trade licence expired' (the
 * server clears the reason on any other change).
 */
export function statusReasonText(member: Pick<Member, 'status' | 'statusReason' | 'statusChangedAt'>): string | undefined {
  if (!member.statusReason) return undefined;
  const status = statusLabel(member.status);
  return member.statusChangedAt
    ? i18n.t('members.detail.statusReason', { status, date: formatDate(member.statusChangedAt), reason: member.statusReason })
    : i18n.t('members.detail.statusReasonUndated', { status, reason: member.statusReason });
}
