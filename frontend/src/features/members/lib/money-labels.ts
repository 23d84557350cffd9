import type { StatusVariant } from '@/components/status-badge';
import { enumLabel } from '@/lib/enum-label';
import i18n from '@/lib/i18n/i18n';

/*
 * The words and badge styles of invoices and payments on the member page. Unknown values (a state added to the
 * server later) show in the words of lib/i18n/labels.en.json, in the default style.
 */

const INVOICE_VARIANTS: Record<string, StatusVariant> = {
  unpaid: 'pending',
  partiallyPaid: 'info',
  paid: 'success',
  overdue: 'danger',
  cancelled: 'default',
  issued: 'default',
};

const CONFIRMATION_VARIANTS: Record<string, StatusVariant> = { Pending: 'pending', Verified: 'success', Rejected: 'danger' };

/** Unpaid, Partly paid, Paid, Overdue, Cancelled; a credit note is Issued. */
export function invoiceStateLabel(status: string): string {
  return i18n.t(`members.money.states.${status}` as 'members.money.states.paid', { defaultValue: enumLabel('InvoiceStatus', status) });
}

export function invoiceStateVariant(status: string): StatusVariant {
  return INVOICE_VARIANTS[status] ?? 'default';
}

/** Tax invoice or Credit note. */
export function documentKindLabel(kind: string): string {
  return i18n.t(`members.money.kinds.${kind}` as 'members.money.kinds.invoice', { defaultValue: enumLabel('InvoiceKind', kind) });
}

/** Pending until a second staff user verifies or rejects the payment. */
export function confirmationLabel(status: string): string {
  return i18n.t(`members.money.confirmations.${status}` as 'members.money.confirmations.Pending', { defaultValue: enumLabel('PaymentStatus', status) });
}

export function confirmationVariant(status: string): StatusVariant {
  return CONFIRMATION_VARIANTS[status] ?? 'default';
}

/** Cash, Card, Bank transfer, Cheque. */
export function paymentMethodLabel(method: string): string {
  return i18n.t(`members.money.methods.${method}` as 'members.money.methods.cash', { defaultValue: enumLabel('PaymentMethod', method) });
}
