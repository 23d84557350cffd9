import type { StatusVariant } from '@/components/status-badge';
import { enumLabel } from '@/lib/enum-label';
import i18n from '@/lib/i18n/i18n';

/** An invoice's states, in the order the cards show them (a credit note is 'issued'). */
export const INVOICE_STATES = ['unpaid', 'partiallyPaid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_KINDS = ['invoice', 'creditNote'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const VARIANTS: Record<string, StatusVariant> = {
  unpaid: 'pending',
  partiallyPaid: 'info',
  paid: 'success',
  overdue: 'danger',
  cancelled: 'default',
  issued: 'scanned',
};

/** The documents a member pays (a sale, a deposit, a penalty): they have payments, and paid, waiting and due figures. */
export function takesPayments(invoice: { kind: string }): boolean {
  return ['invoice', 'deposit', 'penalty'].includes(invoice.kind);
}

export function isInvoiceState(value: string | undefined): value is InvoiceState {
  return (INVOICE_STATES as readonly (string | undefined)[]).includes(value);
}

export function isInvoiceKind(value: string | undefined): value is InvoiceKind {
  return (INVOICE_KINDS as readonly (string | undefined)[]).includes(value);
}

export function stateVariant(status: string): StatusVariant {
  return VARIANTS[status] ?? 'default';
}

/** Unpaid, Partly paid, Paid, Overdue, Cancelled; a credit note is Issued; a settlement Paid out (the app's words). */
export function stateLabel(status: string): string {
  return status in VARIANTS ? i18n.t(`invoices.state.${status as InvoiceState | 'issued'}`) : enumLabel('InvoiceStatus', status);
}

/** Invoice, Credit note; a deposit or penalty invoice, a settlement statement in the app's words. */
export function kindLabel(kind: string): string {
  return isInvoiceKind(kind) ? i18n.t(`invoices.kind.${kind}`) : enumLabel('InvoiceKind', kind);
}
