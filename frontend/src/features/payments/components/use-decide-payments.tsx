import { useTranslation } from 'react-i18next';
import { usePaymentBatch, type Outcome, type PaymentTarget } from '@/components/use-payment-batch';
import { rejectPayment } from '@/features/payments/api/reject-payment';
import { verifyPayment } from '@/features/payments/api/verify-payment';

export type Decision = { action: 'verify' } | { action: 'reject'; reason: string };

/** Verifies or rejects payments (a row's or the ticked ones), one request each, reported as usePaymentBatch does. */
export function useDecidePayments() {
  const { t } = useTranslation();
  const batch = usePaymentBatch();

  const run = (payments: PaymentTarget[], decision: Decision, options: { throwSingle?: boolean } = {}): Promise<Outcome> => {
    const verb = decision.action === 'verify' ? 'verified' : 'rejected';
    const send = (payment: PaymentTarget) => (decision.action === 'verify' ? verifyPayment(payment._id) : rejectPayment({ id: payment._id, reason: decision.reason }));
    return batch.run(
      payments,
      send,
      {
        all: (count) => t(`payments.bulk.${verb}`, { count }),
        some: (done, count) => t(`payments.bulk.${verb}Some`, { done, count }),
        refused: (count) => t(`payments.bulk.${verb}Refused`, { count }),
        fallback: decision.action === 'verify' ? t('payments.errors.verifyFailed') : t('payments.errors.rejectFailed'),
      },
      options,
    );
  };

  return { run, pending: batch.pending };
}
