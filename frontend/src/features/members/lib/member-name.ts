import type { Member } from '@/features/members/api/get-members';

type Named = Pick<Member, 'firstName' | 'lastName' | 'companyName' | 'memberEntity'>;

/** A person's full name. */
export function personName(member: Named): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** How staff call a member: the company for an organization, else the person. */
export function displayName(member: Named): string {
  return member.memberEntity === 'organization' && member.companyName ? member.companyName : personName(member);
}
