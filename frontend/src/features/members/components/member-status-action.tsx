import { useTranslation } from 'react-i18next';
import { StatusDropdown } from '@/components/status-dropdown';
import type { Member, MemberStatus } from '@/features/members/api/get-members';
import { useChangeMemberStatus } from '@/features/members/components/use-change-member-status';
import { displayName } from '@/features/members/lib/member-name';
import { transitionOptions } from '@/features/members/lib/member-status';

/**
 * One member's status dropdown, offering only the transitions allowed from its current status; reject,
 * deactivate and mark inactive are confirmed by name first (with the reason where one is needed).
 */
export function MemberStatusAction({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { change, pending, errorText } = useChangeMemberStatus();
  const name = displayName(member);
  return (
    <StatusDropdown
      id={member._id}
      column="status"
      options={transitionOptions(member.status)}
      aria-label={t('members.changeStatusOf', { name })}
      subject={name}
      errorText={errorText}
      disabled={pending}
      onChange={(next) => change([next.id], next.value as MemberStatus, next.reason)}
    />
  );
}
