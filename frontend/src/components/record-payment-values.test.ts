import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateProblem } from '@/components/date-input';
import { moneyProblem } from '@/components/money-input';
import { isPayable, methodsFor, NO_REFERENCE, openAmount, toPaymentRecord, type PayableInvoice } from '@/components/record-payment-values';

const invoice = (overrides: Partial<PayableInvoice> = {}): PayableInvoice => ({
  _id: 'i1',
  invoiceNo: 'INV-2031-000001',
  kind: 'invoice',
  status: 'unpaid',
  total: 25472.5,
  paidAmount: 0,
  pendingAmount: 0,
  dueAmount: 25472.5,
  buyer: { _id: 'm1', name: 'Khalid Buyer1' },
  vehicle: { _id: 'v1', vehicleLotNumber: 1000, title: 'Nissan Patrol LE' },
  canRecordPayment: { allowed: true, reason: null },
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('what can still be recorded against an invoice', () => {
  it('is what is due less what waits for verification, to the fils', () => {
    expect(openAmount(invoice())).toBe('25472.50');
    expect(openAmount(invoice({ dueAmount: 25472.5, pendingAmount: 25000 }))).toBe('472.50');
    // 0.3 - 0.1 is 0.19999999999999998 in floats; in fils it is 20.
    expect(openAmount(invoice({ dueAmount: 0.3, pendingAmount: 0.1 }))).toBe('0.20');
    expect(openAmount(invoice({ dueAmount: 100, pendingAmount: 150 }))).toBe('0.00');
  });

  it('offers the deposit held for a sale or a penalty, never for a deposit invoice, and asks no reference for it', () => {
    expect(methodsFor(invoice())).toEqual(['cash', 'card', 'bankTransfer', 'cheque', 'deposit']);
    expect(methodsFor(invoice({ kind: 'penalty' }))).toContain('deposit');
    expect(methodsFor(invoice({ kind: 'deposit' }))).toEqual(['cash', 'card', 'bankTransfer', 'cheque']);
    expect(methodsFor(undefined)).not.toContain('deposit');
    expect(NO_REFERENCE).toEqual(['cash', 'deposit']);
  });

  it('takes payments as the server’s one rule answers for the invoice, whatever its kind', () => {
    expect(isPayable(invoice())).toBe(true);
    expect(isPayable(invoice({ kind: 'deposit', vehicle: null }))).toBe(true);
    expect(isPayable(invoice({ kind: 'penalty' }))).toBe(true);
    const waiting = { allowed: false, reason: 'INV-2031-000001 has nothing left to pay: the payments recorded against it wait for verification.' };
    expect(isPayable(invoice({ pendingAmount: 25472.5, canRecordPayment: waiting }))).toBe(false);
  });

  it('compares a typed amount with the open amount in fils', () => {
    const max = { amount: '472.50', message: (open: string) => `At most ${open}.` };
    expect(moneyProblem('472.50', { max })).toBeUndefined();
    expect(moneyProblem('472.51', { max })).toBe('At most AED 472.50.');
    expect(moneyProblem('0.3', { max: { ...max, amount: '0.30' } })).toBeUndefined();
  });
});

describe('the record call', () => {
  it('sends the Dubai wall clock without a zone and leaves out a blank reference', () => {
    const when = dayjs('2031-05-01T17:05:42');
    expect(toPaymentRecord({ amount: '472.50', paymentMethod: 'cash', paymentReferenceId: '  ', paymentDateAndTime: when }, 'i1')).toEqual({
      invoiceId: 'i1',
      amount: '472.50',
      paymentMethod: 'cash',
      paymentReferenceId: null,
      paymentDateAndTime: '2031-05-01T17:05:00',
    });
    expect(toPaymentRecord({ amount: '100', paymentMethod: 'card', paymentReferenceId: ' SLIP-0042 ', paymentDateAndTime: when }, 'i1').paymentReferenceId).toBe('SLIP-0042');
  });

  it('sends the amount typed as a decimal string, its grouping commas dropped', () => {
    const when = dayjs('2031-05-01T17:05:42');
    expect(toPaymentRecord({ amount: '111,680.00', paymentMethod: 'cash', paymentDateAndTime: when }, 'i1').amount).toBe('111680.00');
    expect(() => toPaymentRecord({ amount: '1l1,680', paymentMethod: 'cash', paymentDateAndTime: when }, 'i1')).toThrow('"l" is not a digit');
  });

  it('reads the future on the Dubai clock, whatever the browser zone', () => {
    vi.useFakeTimers();
    // 20:30 UTC is 00:30 the next day in Dubai.
    vi.setSystemTime(new Date('2031-05-01T20:30:00Z'));
    expect(dateProblem(dayjs('2031-05-02T00:29:00'), { withTime: true, notAfter: 'now' })).toBeUndefined();
    expect(dateProblem(dayjs('2031-05-02T00:31:00'), { withTime: true, notAfter: 'now' })).toBe('Cannot be later than now, 02/05/2031 00:30.');
    expect(dateProblem(dayjs('2031-05-02'), { notAfter: 'today' })).toBeUndefined();
    expect(dateProblem(dayjs('2031-05-03'), { notAfter: 'today' })).toBe('Cannot be after today, 02/05/2031.');
  });
});
