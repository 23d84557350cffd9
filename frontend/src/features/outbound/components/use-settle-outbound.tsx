import { useTranslation } from 'react-i18next';
import { usePaymentBatch, type Outcome, type PaymentTarget } from '@/components/use-payment-batch';
import { cancelOutbound } from '@/features/outbound/api/cancel-outbound';
import { completeOutbound, type OutboundCompletion } from '@/features/outbound/api/complete-outbound';

export type Settlement = { action: 'complete'; body: OutboundCompletion } | { action: 'cancel'; reason: string };

/** Completes or cancels payouts and refunds (a row's or the ticked ones), one request each, reported as usePaymentBatch does. */
export function useSettleOutbound() {
  const { t } = useTranslation();
  const batch = usePaymentBatch();

  const run = (payments: PaymentTarget[], settlement: Settlement, options: { throwSingle?: boolean } = {}): Promise<Outcome> => {
    const verb = settlement.action === 'complete' ? 'completed' : 'cancelled';
    const send = (payment: PaymentTarget) =>
      settlement.action === 'complete' ? completeOutbound({ id: payment._id, body: settlement.body }) : cancelOutbound({ id: payment._id, reason: settlement.reason });
    return batch.run(
      payments,
      send,
      {
        all: (count) => t(`outbound.bulk.${verb}`, { count }),
        some: (done, count) => t(`outbound.bulk.${verb}Some`, { done, count }),
        refused: (count) => t(`outbound.bulk.${verb}Refused`, { count }),
        fallback: settlement.action === 'complete' ? t('outbound.errors.completeFailed') : t('outbound.errors.cancelFailed'),
      },
      options,
    );
  };

  return { run, pending: batch.pending };
}
