import type { MemberQuery } from '@/features/members/api/get-members';
import { queryStatus, type MemberListName } from '@/features/members/lib/member-lists';
import { MEMBER_ENTITIES, MEMBER_TYPES, SELLER_TYPES, type MemberEntity, type MemberType, type SellerType } from '@/features/members/lib/member-options';
import { pageQuery, type ListParams } from '@/lib/use-list-params';

/** The filters a member list keeps in the URL (?memberType=seller&entity=organization&registered=2026-01-01..2026-01-31). */
export type MemberFilter = 'memberType' | 'entity' | 'sellerType' | 'trusted' | 'plan' | 'registered';

export const MEMBER_FILTERS: readonly MemberFilter[] = ['memberType', 'entity', 'sellerType', 'trusted', 'plan', 'registered'];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The registration range as one URL value, either end open: "2026-01-01..2026-01-31", "2026-01-01..", "..2026-01-31". */
export function joinRange(from: string | undefined, to: string | undefined): string | undefined {
  return from || to ? `${from ?? ''}..${to ?? ''}` : undefined;
}

export function splitRange(value: string | undefined): { from?: string; to?: string } {
  const [from, to] = (value ?? '').split('..');
  return { from: from && ISO_DAY.test(from) ? from : undefined, to: to && ISO_DAY.test(to) ? to : undefined };
}

const oneOf = <T extends string>(all: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && all.includes(value as T) ? (value as T) : undefined;

/** The filter part of a members/get or members/export body; values a hand-edited URL got wrong are left out. */
export function filterQuery(filters: ListParams<MemberFilter>['filters']): MemberQuery {
  const { trusted } = filters;
  const { from, to } = splitRange(filters.registered);
  return {
    memberType: oneOf<MemberType>(MEMBER_TYPES, filters.memberType),
    memberEntity: oneOf<MemberEntity>(MEMBER_ENTITIES, filters.entity),
    sellerType: oneOf<SellerType>(SELLER_TYPES, filters.sellerType),
    isTrustedSeller: trusted === 'true' ? true : trusted === 'false' ? false : undefined,
    securityPlan: filters.plan,
    registeredFrom: from,
    registeredTo: to,
  };
}

/** The whole members/get body of a list: its status, the page, search, sort and filters. */
export function listQuery(list: MemberListName, params: ListParams<MemberFilter>): MemberQuery {
  return { ...pageQuery(params), status: queryStatus(list), ...filterQuery(params.filters) };
}

/** The members/export body: the same list without paging. */
export function exportQuery(list: MemberListName, params: ListParams<MemberFilter>): MemberQuery {
  return { search: params.search || undefined, status: queryStatus(list), ...filterQuery(params.filters) };
}
