import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { initialCompletion, isBeforeIssue, issuedLast, toCompletion } from '@/features/outbound/lib/completion-values';
import { outboundListQuery } from '@/features/outbound/lib/outbound-filters';
import { formatIban, paymentKindLabel } from '@/features/outbound/lib/outbound-status';

describe('completing a payout or a refund', () => {
  it('sends the Dubai wall clock without a zone, to the minute, and no reference for a blank one', () => {
    expect(toCompletion({ paymentMethod: 'cash', paymentReferenceId: '  ', paymentDateAndTime: dayjs('2025-05-01T18:07:42') })).toEqual({
      paymentMethod: 'cash',
      paymentReferenceId: null,
      paymentDateAndTime: '2025-05-01T18:07:00',
    });
    expect(toCompletion({ paymentMethod: 'cheque', paymentReferenceId: ' CHQ-1 ', paymentDateAndTime: dayjs('2025-05-01T18:07') }).paymentReferenceId).toBe('CHQ-1');
  });

  it('refuses a time before the payment was issued, as the server compares them (Dubai time, seconds dropped)', () => {
    const issued = { paymentDateAndTime: '2025-05-01T14:00:30Z' }; // 18:00:30 in Dubai
    expect(isBeforeIssue(dayjs('2025-05-01T18:00'), issued)).toBe(true);
    expect(isBeforeIssue(dayjs('2025-05-01T18:01'), issued)).toBe(false);
    expect(isBeforeIssue(dayjs('2025-05-01T17:59'), { paymentDateAndTime: '2025-05-01T14:00:00Z' })).toBe(true);
    expect(isBeforeIssue(dayjs('2025-05-01T18:00'), { paymentDateAndTime: '2025-05-01T14:00:00Z' })).toBe(false);
  });

  it('checks a batch against the payment issued last, and offers the method they share', () => {
    const early = { transactionId: 'A', paymentDateAndTime: '2025-05-01T14:00:00Z', paymentMethod: 'cheque' };
    const late = { transactionId: 'B', paymentDateAndTime: '2025-05-02T08:00:00+04:00', paymentMethod: 'cheque' };
    expect(issuedLast([late, early])?.transactionId).toBe('B');
    expect(issuedLast([])).toBeUndefined();
    expect(initialCompletion([early, late]).paymentMethod).toBe('cheque');
    expect(initialCompletion([early, { ...late, paymentMethod: 'bankTransfer' }]).paymentMethod).toBeUndefined();
    expect(initialCompletion([{ paymentMethod: 'card' }]).paymentMethod).toBeUndefined();
  });
});

describe('outbound words and filters', () => {
  it('names each kind and groups an IBAN by four', () => {
    expect(paymentKindLabel({ kind: 'payout', refundKind: null })).toBe('Payout');
    expect(paymentKindLabel({ kind: 'refund', refundKind: 'cancelledSale' })).toBe('Refund: cancelled sale');
    expect(paymentKindLabel({ kind: 'refund', refundKind: null })).toBe('Refund');
    expect(formatIban('AE070331234567890123456')).toBe('AE07 0331 2345 6789 0123 456');
  });

  it('leaves out what a hand-edited URL got wrong', () => {
    const filters = { kind: 'gift', status: 'Verified', method: 'card', dates: '2025-05-01..2025-05-31', member: 'm1' };
    expect(outboundListQuery({ page: 2, limit: 20, search: '', filters })).toEqual({
      pageNo: 2,
      limit: 20,
      search: undefined,
      kind: undefined,
      status: undefined,
      method: undefined,
      dateFrom: '2025-05-01',
      dateTo: '2025-05-31',
      memberId: 'm1',
    });
  });
});
