import type { StatusVariant } from '@/components/status-badge';
import type { OutboundKind, OutboundMethod, OutboundPayment, OutboundStatus } from '@/features/outbound/api/get-outbound-payments';
import i18n from '@/lib/i18n/i18n';

/** The states of a payout or a refund (SPEC.md section 4: Refund Completed/Canceled/Pending), in the order of the cards. */
export const STATUSES: readonly OutboundStatus[] = ['Pending', 'Completed', 'Canceled'];
export const KINDS: readonly OutboundKind[] = ['payout', 'refund'];
/** How money leaves, in the order the dialog offers them. */
export const METHODS: readonly OutboundMethod[] = ['bankTransfer', 'cheque', 'cash'];
const REFUND_KINDS = ['deposit', 'overpayment', 'cancelledSale'] as const;

const VARIANTS: Record<OutboundStatus, StatusVariant> = { Pending: 'pending', Completed: 'success', Canceled: 'danger' };

const among = <T extends string>(values: readonly T[], value: string | null | undefined): value is T => (values as readonly (string | null | undefined)[]).includes(value);

export const isStatus = (value: string | null | undefined): value is OutboundStatus => among(STATUSES, value);
export const isKind = (value: string | null | undefined): value is OutboundKind => among(KINDS, value);
export const isMethod = (value: string | null | undefined): value is OutboundMethod => among(METHODS, value);

/** Pending, Completed, Cancelled. */
export function statusLabel(value: string): string {
  return isStatus(value) ? i18n.t(`outbound.status.${value}`) : value;
}

export function statusVariant(value: string): StatusVariant {
  return isStatus(value) ? VARIANTS[value] : 'default';
}

/** Payout, Refund. */
export function kindLabel(value: string): string {
  return isKind(value) ? i18n.t(`outbound.kind.${value}`) : value;
}

/** Payout; Refund: deposit, Refund: overpayment, Refund: cancelled sale. */
export function paymentKindLabel(payment: Pick<OutboundPayment, 'kind' | 'refundKind'>): string {
  if (payment.kind === 'refund' && among(REFUND_KINDS, payment.refundKind)) return i18n.t(`outbound.kind.refundOf.${payment.refundKind}`);
  return kindLabel(payment.kind);
}

/** Bank transfer, Cheque, Cash (and the inbound words should an older row carry them). */
export function methodLabel(value: string): string {
  return among(['bankTransfer', 'cheque', 'cash', 'card', 'deposit'] as const, value) ? i18n.t(`outbound.method.${value}`) : value;
}

/** An IBAN in groups of four, as it is read out and printed: 'AE07 0331 2345 6789 0123 456'. */
export function formatIban(value: string): string {
  return value.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
