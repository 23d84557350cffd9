import { describe, expect, it } from 'vitest';
import { exportQuery, joinRange, listQuery, splitRange, type MemberFilter } from '@/features/members/lib/member-filters';
import type { ListParams } from '@/lib/use-list-params';

const params = (filters: ListParams<MemberFilter>['filters'], search = ''): ListParams<MemberFilter> => ({
  page: 2,
  limit: 20,
  search,
  sortBy: 'firstName',
  sortOrder: 'asc',
  filters,
});

describe('member list queries', () => {
  it('turns the URL filters into the members/get body', () => {
    const body = listQuery('approved', params({ memberType: 'seller', entity: 'organization', sellerType: 'dealer', trusted: 'true', plan: 'p1', registered: '2026-01-01..2026-01-31' }, 'ded-77'));
    expect(body).toEqual({
      pageNo: 2,
      limit: 20,
      search: 'ded-77',
      sortBy: 'firstName',
      sortOrder: 'asc',
      status: 'approved',
      memberType: 'seller',
      memberEntity: 'organization',
      sellerType: 'dealer',
      isTrustedSeller: true,
      securityPlan: 'p1',
      registeredFrom: '2026-01-01',
      registeredTo: '2026-01-31',
    });
  });

  it('leaves out values a hand-edited URL got wrong', () => {
    const body = listQuery('review', params({ memberType: 'broker', trusted: 'maybe', registered: 'yesterday..2026-02-30x' }));
    expect(body).toMatchObject({ memberType: undefined, isTrustedSeller: undefined, registeredFrom: undefined, registeredTo: undefined });
    expect(listQuery('review', params({ trusted: 'false' })).isTrustedSeller).toBe(false);
  });

  it('exports the same list without paging, and the inActive list without a status', () => {
    const body = exportQuery('inactive', params({ entity: 'individual' }, 'noura'));
    expect(body).toMatchObject({ search: 'noura', status: undefined, memberEntity: 'individual' });
    expect(body).not.toHaveProperty('pageNo');
  });

  it('keeps an open-ended registration range in one URL value', () => {
    expect(joinRange('2026-01-01', undefined)).toBe('2026-01-01..');
    expect(joinRange(undefined, undefined)).toBeUndefined();
    expect(splitRange('..2026-03-01')).toEqual({ from: undefined, to: '2026-03-01' });
  });
});
