import type { Rule } from 'antd/es/form';
import { moneyRules, moneyValue } from '@/components/money-input';
import type { MemberInvoice } from '@/features/members/api/get-member-invoices';
import type { Refundable } from '@/features/members/api/get-member-refundable';
import type { RefundKind, RefundMethod, RefundRequest } from '@/features/members/api/request-refund';
import i18n from '@/lib/i18n/i18n';

const t = i18n.t.bind(i18n);

export const REFUND_KINDS: readonly RefundKind[] = ['deposit', 'overpayment', 'cancelledSale'];
export const REFUND_METHODS: readonly RefundMethod[] = ['bankTransfer', 'cheque', 'cash'];

/** The server's limits of a refund's reason. */
export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 500;

/** The fields of 'Request refund'; names match the API, so the server's field errors land on them. */
export interface RefundValues {
  refundKind: RefundKind;
  invoiceId?: string | null;
  refundedAmount?: string | null;
  refundMethod?: RefundMethod;
  refundReason?: string;
}

/** A deposit refund starts from the whole deposit held; the others from nothing. */
export function defaultAmount(kind: RefundKind, depositHeld: number): string | null {
  return kind === 'deposit' && depositHeld > 0 ? depositHeld.toFixed(2) : null;
}

/** The first values of the dialog: a deposit refund of all that is held, else an overpayment. */
export function newRefundValues(depositHeld: number): Partial<RefundValues> {
  const refundKind: RefundKind = depositHeld > 0 ? 'deposit' : 'overpayment';
  return { refundKind, refundedAmount: defaultAmount(refundKind, depositHeld), invoiceId: null };
}

/**
 * Why the server refuses a refund of `kind` now (its refund rule, as /refundable answers it), or undefined when it may
 * be asked: a deposit refund while something is owed or nothing is held; an overpayment or a cancelled sale's refund
 * while the member paid nothing beyond what they owe.
 */
export function kindRefusal(refundable: Refundable, kind: RefundKind): string | undefined {
  const verdict = kind === 'deposit' ? refundable.deposit : refundable.overpayment;
  return verdict.allowed ? undefined : (verdict.reason ?? undefined);
}

/** Whether no kind of refund can be asked now. */
export function nothingRefundable(refundable: Refundable): boolean {
  return !refundable.deposit.allowed && !refundable.overpayment.allowed;
}

/** A deposit refund is of the deposit; the others name the invoice they refund. */
export function needsInvoice(kind: RefundKind | undefined): boolean {
  return kind !== undefined && kind !== 'deposit';
}

/**
 * The member's invoices a refund of `kind` can be for: an overpayment, a document paid on (a sale, a deposit or a
 * penalty invoice); a cancelled sale, a sale's invoice that was cancelled. The server checks the amounts.
 */
export function refundableFor(kind: RefundKind, invoice: MemberInvoice): boolean {
  if (kind === 'cancelledSale') return invoice.kind === 'invoice' && invoice.status === 'cancelled';
  if (kind === 'overpayment') return ['invoice', 'deposit', 'penalty'].includes(invoice.kind) && invoice.paidAmount > 0;
  return false;
}

/**
 * An amount as typed, more than AED 0.00; a deposit refund at most the deposit held, compared in fils (the server
 * checks the rest: what was paid, what is owed).
 */
export const refundAmountRules = (kind: RefundKind, depositHeld: number): Rule[] =>
  moneyRules({
    required: t('members.refund.amountPositive'),
    positive: t('members.refund.amountPositive'),
    max: kind === 'deposit' ? { amount: depositHeld, message: (amount) => t('members.refund.amountAboveDeposit', { amount }) } : undefined,
  });

export const refundReasonRules = (): Rule[] => [
  { required: true, whitespace: true, message: t('members.refund.reasonRequired') },
  {
    min: REFUND_REASON_MIN,
    max: REFUND_REASON_MAX,
    transform: (value?: string) => value?.trim() || undefined,
    message: t('members.refund.reasonLength', { min: REFUND_REASON_MIN, max: REFUND_REASON_MAX }),
  },
];

/** The body of payments/refunds: the reason with its spaces squashed, the invoice only when the kind needs one. */
export function toRefundRequest(values: RefundValues, memberId: string): RefundRequest {
  return {
    memberId,
    refundKind: values.refundKind,
    refundedAmount: moneyValue(values.refundedAmount) ?? '0',
    refundMethod: values.refundMethod ?? 'bankTransfer',
    refundReason: (values.refundReason ?? '').split(/\s+/).filter(Boolean).join(' '),
    invoiceId: needsInvoice(values.refundKind) ? (values.invoiceId ?? null) : null,
  };
}
