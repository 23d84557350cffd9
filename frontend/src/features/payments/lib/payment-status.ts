import type { StatusVariant } from '@/components/status-badge';
import { PAYMENT_METHODS } from '@/components/record-payment-values';
import type { PaymentMethod } from '@/api/record-payment';
import type { Confirmation } from '@/features/payments/api/get-payments';
import i18n from '@/lib/i18n/i18n';

/** The confirmation states, in the order the cards show them. */
export const CONFIRMATIONS: readonly Confirmation[] = ['Pending', 'Verified', 'Rejected'];

const VARIANTS: Record<Confirmation, StatusVariant> = { Pending: 'pending', Verified: 'success', Rejected: 'danger' };

export function isConfirmation(value: string | undefined): value is Confirmation {
  return (CONFIRMATIONS as readonly (string | undefined)[]).includes(value);
}

export function isPaymentMethod(value: string | undefined): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly (string | undefined)[]).includes(value);
}

/** Waiting for verification, Verified, Rejected. */
export function confirmationLabel(value: string): string {
  return isConfirmation(value) ? i18n.t(`payments.confirmation.${value}`) : value;
}

export function confirmationVariant(value: string): StatusVariant {
  return isConfirmation(value) ? VARIANTS[value] : 'default';
}

/** Cash, Card, Bank transfer, Cheque. */
export function methodLabel(value: string): string {
  return isPaymentMethod(value) ? i18n.t(`payments.method.${value}`) : value;
}
