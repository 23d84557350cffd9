import type { StatusVariant } from '@/components/status-badge';
import { enumLabel } from '@/lib/enum-label';
import i18n from '@/lib/i18n/i18n';

/*
 * The words and badge styles of invoices, payments and gate passes on the vehicle screens. Unknown values (a
 * state added to the server later) show in the words of lib/i18n/labels.en.json, in the default style.
 */

const INVOICE_VARIANTS: Record<string, StatusVariant> = {
  unpaid: 'pending',
  partiallyPaid: 'info',
  paid: 'success',
  overdue: 'danger',
  cancelled: 'default',
  issued: 'default',
};

/** Unpaid, Partly paid, Paid, Overdue, Cancelled; a credit note is Issued. */
export function invoiceStateLabel(status: string): string {
  return i18n.t(`vehicles.money.states.${status}` as 'vehicles.money.states.paid', { defaultValue: enumLabel('InvoiceStatus', status) });
}

export function invoiceStateVariant(status: string): StatusVariant {
  return INVOICE_VARIANTS[status] ?? 'default';
}

/** Tax invoice or Credit note. */
export function documentKindLabel(kind: string): string {
  return i18n.t(`vehicles.money.kinds.${kind}` as 'vehicles.money.kinds.invoice', { defaultValue: enumLabel('InvoiceKind', kind) });
}

const CONFIRMATION_VARIANTS: Record<string, StatusVariant> = { Pending: 'pending', Verified: 'success', Rejected: 'danger' };

/** A payment's confirmation (SPEC.md section 4): Pending until a second staff user verifies or rejects it. */
export function confirmationLabel(status: string): string {
  return i18n.t(`vehicles.money.confirmations.${status}` as 'vehicles.money.confirmations.Pending', { defaultValue: enumLabel('PaymentStatus', status) });
}

export function confirmationVariant(status: string): StatusVariant {
  return CONFIRMATION_VARIANTS[status] ?? 'default';
}

/** Cash, Card, Bank transfer, Cheque. */
export function paymentMethodLabel(method: string): string {
  return i18n.t(`vehicles.money.methods.${method}` as 'vehicles.money.methods.cash', { defaultValue: enumLabel('PaymentMethod', method) });
}

const GATE_PASS_VARIANTS: Record<string, StatusVariant> = {
  Pending: 'pending',
  Generated: 'info',
  Scanned: 'scanned',
  'Picked Up': 'success',
  Canceled: 'default',
};

/** The badge style of a gate pass step (Pending, Generated, Scanned, Picked Up, Canceled). */
export function gatePassVariant(status: string): StatusVariant {
  return GATE_PASS_VARIANTS[status] ?? 'default';
}
