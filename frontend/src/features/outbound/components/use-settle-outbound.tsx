import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { useToast } from '@/components/use-toast';
import { cancelOutbound } from '@/features/outbound/api/cancel-outbound';
import { completeOutbound, type OutboundCompletion } from '@/features/outbound/api/complete-outbound';
import type { OutboundPayment } from '@/features/outbound/api/get-outbound-payments';
import { errorMessage } from '@/lib/error-message';

type PaymentDone = components['schemas']['PaymentDone'];
export type Settlement = { action: 'complete'; body: OutboundCompletion } | { action: 'cancel'; reason: string };
type Target = Pick<OutboundPayment, '_id' | 'transactionId'>;

export interface Refusal {
  payment: Target;
  message: string;
  error: unknown;
}

export interface Outcome {
  done: PaymentDone[];
  refused: Refusal[];
}

/** One request per payment, one after the other; a refusal is kept with the server's words and the next goes on. */
async function settle(payments: Target[], settlement: Settlement, fallback: string): Promise<Outcome> {
  const outcome: Outcome = { done: [], refused: [] };
  for (const payment of payments) {
    try {
      const answer =
        settlement.action === 'complete'
          ? await completeOutbound({ id: payment._id, body: settlement.body })
          : await cancelOutbound({ id: payment._id, reason: settlement.reason });
      outcome.done.push(answer);
    } catch (error) {
      outcome.refused.push({ payment, message: errorMessage(error, fallback), error });
    }
  }
  return outcome;
}

/** A refusal's sentence, naming the payment when the server's words do not ('OUT-2031-000004: This payout or refund does not exist.'). */
function refusalLine({ payment, message }: Refusal): string {
  return message.includes(payment.transactionId) ? message : `${payment.transactionId}: ${message}`;
}

/**
 * Completes or cancels payouts and refunds (a row's or the ticked ones), then refreshes the money lists once. A
 * single one is reported with the server's sentence ('OUT-2031-000001 completed: paid by cheque.'); a batch with how
 * many succeeded and each refusal ('You verified the buyer's payment for Lot 1000; another staff user …').
 */
export function useSettleOutbound() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ payments, settlement }: { payments: Target[]; settlement: Settlement }) =>
      settle(payments, settlement, settlement.action === 'complete' ? t('outbound.errors.completeFailed') : t('outbound.errors.cancelFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });

  const report = (count: number, settlement: Settlement, { done, refused }: Outcome) => {
    const verb = settlement.action === 'complete' ? 'completed' : 'cancelled';
    if (count === 1) {
      if (done[0]) toast.success(done[0].message);
      if (refused[0]) toast.error(refusalLine(refused[0]));
      return;
    }
    if (refused.length === 0) toast.success(t(`outbound.bulk.${verb}`, { count }));
    else if (done.length > 0) toast.success(t(`outbound.bulk.${verb}Some`, { done: done.length, count }));
    if (refused.length > 0) {
      toast.error(
        t(`outbound.bulk.${verb}Refused`, { count: refused.length }),
        <div>
          {refused.map((refusal) => (
            <div key={refusal.payment._id}>{refusalLine(refusal)}</div>
          ))}
        </div>,
      );
    }
  };

  /**
   * Runs the settlement over `payments` and reports it. With `throwSingle`, a single payment's refusal is thrown
   * instead of toasted, so that its dialog can show it at its field or as the dialog's error.
   */
  const run = async (payments: Target[], settlement: Settlement, options: { throwSingle?: boolean } = {}): Promise<Outcome> => {
    const outcome = await mutation.mutateAsync({ payments, settlement });
    if (options.throwSingle && payments.length === 1 && outcome.refused[0]) throw outcome.refused[0].error;
    report(payments.length, settlement, outcome);
    return outcome;
  };

  return { run, pending: mutation.isPending };
}
