import { describe, expect, it } from 'vitest';
import { LIST_STATUS, MEMBER_LISTS, queryStatus } from '@/features/members/lib/member-lists';
import { membersSubject, statusLabel, statusReasonText, transitionOptions } from '@/features/members/lib/member-status';

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

  it('asks a reason to reject or deactivate, confirms marking inactive, and approves in one click', () => {
    const asked = (from: string) =>
      Object.fromEntries(transitionOptions(from).map(({ value, confirm }) => [value, confirm ? `${confirm.title('Majid Seller1')} reason ${confirm.reason}` : 'one click']));
    expect(asked('pending')).toEqual({ approved: 'one click', rejected: 'Reject Majid Seller1? reason required' });
    expect(asked('approved')).toEqual({ deactivated: 'Deactivate Majid Seller1? reason required', inActive: 'Mark Majid Seller1 as inactive? reason optional' });
    expect(asked('deactivated')).toEqual({ approved: 'one click' });
    expect(asked('rejected')).toEqual({ pending: 'one click' });
    expect(membersSubject(3)).toBe('3 members');
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

  it('says why a member has its status, dated in Dubai', () => {
    // 21:30 UTC is already the next day in Dubai (UTC+4).
    expect(statusReasonText({ status: 'rejected', statusReason: 'Trade licence expired', statusChangedAt: '2026-11-22T21:30:00Z' })).toBe(
      'Rejected on 23/11/2026: Trade licence expired',
    );
    expect(statusReasonText({ status: 'deactivated', statusReason: 'Unpaid fees', statusChangedAt: null })).toBe('Deactivated: Unpaid fees');
    expect(statusReasonText({ status: 'approved', statusReason: null, statusChangedAt: '2026-11-22T21:30:00Z' })).toBeUndefined();
  });
});
