import type { StatusVariant } from '@/components/status-badge';
import { enumLabel } from '@/lib/enum-label';
import i18n from '@/lib/i18n/i18n';

const METHODS = ['cash', 'card', 'bankTransfer', 'cheque'] as const;
const CONFIRMATIONS: Record<string, StatusVariant> = { Pending: 'pending', Verified: 'success', Rejected: 'danger' };

/** Cash, Card, Bank transfer, Cheque (the words of the payments screen). */
export function methodLabel(method: string): string {
  return (METHODS as readonly string[]).includes(method) ? i18n.t(`payments.method.${method as (typeof METHODS)[number]}`) : enumLabel('PaymentMethod', method);
}

/** Waiting for verification, Verified, Rejected. */
export function confirmationLabel(confirmation: string): string {
  return confirmation in CONFIRMATIONS ? i18n.t(`payments.confirmation.${confirmation as 'Pending' | 'Verified' | 'Rejected'}`) : enumLabel('PaymentStatus', confirmation);
}

export function confirmationVariant(confirmation: string): StatusVariant {
  return CONFIRMATIONS[confirmation] ?? 'default';
}
