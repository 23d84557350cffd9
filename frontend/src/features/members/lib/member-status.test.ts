import { describe, expect, it } from 'vitest';
import { LIST_STATUS, MEMBER_LISTS, queryStatus } from '@/features/members/lib/member-lists';
import { statusLabel, transitionOptions } from '@/features/members/lib/member-status';

const offered = (status: string) => transitionOptions(status).map(({ value, label }) => `${value}:${label}`);

describe('member status transitions', () => {
  it('offers per list exactly what the server allows', () => {
    const byList = Object.fromEntries(MEMBER_LISTS.map((list) => [list, offered(LIST_STATUS[list])]));
    expect(byList).toEqual({
      review: ['approved:Approved', 'rejected:Rejected'],
      approved: ['deactivated:Deactivate', 'inActive:Mark inactive'],
      deactivated: ['approved:Activate'],
      rejected: ['pending:Back to review'],
      inactive: ['approved:Activate'],
    });
  });

  it('offers nothing for an unknown status', () => {
    expect(transitionOptions('archived')).toEqual([]);
  });

  it('omits the status for the inActive list only (SPEC.md)', () => {
    expect(queryStatus('inactive')).toBeUndefined();
    expect(queryStatus('review')).toBe('pending');
    expect(queryStatus('approved')).toBe('approved');
  });

  it('reads inActive as Inactive', () => {
    expect(statusLabel('inActive')).toBe('Inactive');
    expect(statusLabel('something')).toBe('something');
  });
});
