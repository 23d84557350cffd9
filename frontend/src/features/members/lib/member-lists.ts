import type { MemberStatus } from '@/features/members/api/get-members';
import { paths } from '@/lib/paths';

/** The five member lists; each shows the members of one status. */
export type MemberListName = 'review' | 'approved' | 'deactivated' | 'rejected' | 'inactive';

export const MEMBER_LISTS: readonly MemberListName[] = ['review', 'approved', 'deactivated', 'rejected', 'inactive'];

/** The status a list shows. */
export const LIST_STATUS: Record<MemberListName, MemberStatus> = {
  review: 'pending',
  approved: 'approved',
  deactivated: 'deactivated',
  rejected: 'rejected',
  inactive: 'inActive',
};

export const LIST_PATH: Record<MemberListName, string> = {
  review: paths.reviewMembers,
  approved: paths.activeMembers,
  deactivated: paths.deactivatedMembers,
  rejected: paths.rejectedMembers,
  inactive: paths.inactiveMembers,
};

/** The `status` of members/get: SPEC.md omits it for the inActive list. */
export function queryStatus(list: MemberListName): MemberStatus | undefined {
  return list === 'inactive' ? undefined : LIST_STATUS[list];
}

/** The list a member of this status is in. */
export function listOf(status: string): MemberListName | undefined {
  return MEMBER_LISTS.find((list) => LIST_STATUS[list] === status);
}
