import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { useToast } from '@/components/use-toast';
import type { Payment } from '@/features/payments/api/get-payments';
import { rejectPayment } from '@/features/payments/api/reject-payment';
import { verifyPayment } from '@/features/payments/api/verify-payment';
import { errorMessage } from '@/lib/error-message';

type PaymentDone = components['schemas']['PaymentDone'];
export type Decision = { action: 'verify' } | { action: 'reject'; reason: string };
type Target = Pick<Payment, '_id' | 'transactionId'>;

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
async function decide(payments: Target[], decision: Decision, fallback: string): Promise<Outcome> {
  const outcome: Outcome = { done: [], refused: [] };
  for (const payment of payments) {
    try {
      const answer = decision.action === 'verify' ? await verifyPayment(payment._id) : await rejectPayment({ id: payment._id, reason: decision.reason });
      outcome.done.push(answer);
    } catch (error) {
      outcome.refused.push({ payment, message: errorMessage(error, fallback), error });
    }
  }
  return outcome;
}

/** A refusal's sentence, naming the payment when the server's words do not ('PAY-2031-000004: This payment does not exist.'). */
function refusalLine({ payment, message }: Refusal): string {
  return message.includes(payment.transactionId) ? message : `${payment.transactionId}: ${message}`;
}

/**
 * Verifies or rejects payments (a row's or the ticked ones), then refreshes the money lists once. A single payment
 * is reported with the server's sentence ('PAY-2031-000001 verified.'); a batch with how many succeeded and each
 * refusal ('You recorded PAY-…; another staff user must verify it.').
 */
export function useDecidePayments() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ payments, decision }: { payments: Target[]; decision: Decision }) =>
      decide(payments, decision, decision.action === 'verify' ? t('payments.errors.verifyFailed') : t('payments.errors.rejectFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });

  const report = (count: number, decision: Decision, { done, refused }: Outcome) => {
    const verb = decision.action === 'verify' ? 'verified' : 'rejected';
    if (count === 1) {
      if (done[0]) toast.success(done[0].message);
      if (refused[0]) toast.error(refusalLine(refused[0]));
      return;
    }
    if (refused.length === 0) toast.success(t(`payments.bulk.${verb}`, { count }));
    else if (done.length > 0) toast.success(t(`payments.bulk.${verb}Some`, { done: done.length, count }));
    if (refused.length > 0) {
      toast.error(
        t(`payments.bulk.${verb}Refused`, { count: refused.length }),
        <div>
          {refused.map((refusal) => (
            <div key={refusal.payment._id}>{refusalLine(refusal)}</div>
          ))}
        </div>,
      );
    }
  };

  /**
   * Runs the decision over `payments` and reports it. With `throwSingle`, a single payment's refusal is thrown
   * instead of toasted, so that the reason dialog can show it at its field.
   */
  const run = async (payments: Target[], decision: Decision, options: { throwSingle?: boolean } = {}): Promise<Outcome> => {
    const outcome = await mutation.mutateAsync({ payments, decision });
    if (options.throwSingle && payments.length === 1 && outcome.refused[0]) throw outcome.refused[0].error;
    report(payments.length, decision, outcome);
    return outcome;
  };

  return { run, pending: mutation.isPending };
}
