import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { useToast } from '@/components/use-toast';
import { errorMessage } from '@/lib/error-message';

type PaymentDone = components['schemas']['PaymentDone'];
export type PaymentTarget = { _id: string; transactionId: string };

export interface Refusal {
  payment: PaymentTarget;
  message: string;
  error: unknown;
}

export interface Outcome {
  done: PaymentDone[];
  refused: Refusal[];
}

/** The words of a batch, and the fallback when the server says nothing. */
export interface BatchTexts {
  /** '3 payments verified.' */
  all: (count: number) => string;
  /** '2 of 3 payments verified.' */
  some: (done: number, count: number) => string;
  /** '1 payment was not verified' */
  refused: (count: number) => string;
  fallback: string;
}

/** One request per payment, one after the other; a refusal is kept with the server's words and the next goes on. */
async function oneByOne(payments: PaymentTarget[], send: (payment: PaymentTarget) => Promise<PaymentDone>, fallback: string): Promise<Outcome> {
  const outcome: Outcome = { done: [], refused: [] };
  for (const payment of payments) {
    try {
      outcome.done.push(await send(payment));
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
 * Sends one money action (verify, reject, complete, cancel…) for a row's payment or the ticked ones, then refreshes
 * the money lists once. A single payment is reported with the server's sentence ('PAY-2031-000001 verified.'); a
 * batch with how many succeeded and each refusal.
 */
export function usePaymentBatch() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ payments, send, fallback }: { payments: PaymentTarget[]; send: (payment: PaymentTarget) => Promise<PaymentDone>; fallback: string }) =>
      oneByOne(payments, send, fallback),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });

  const report = (count: number, texts: BatchTexts, { done, refused }: Outcome) => {
    if (count === 1) {
      if (done[0]) toast.success(done[0].message);
      if (refused[0]) toast.error(refusalLine(refused[0]));
      return;
    }
    if (refused.length === 0) toast.success(texts.all(count));
    else if (done.length > 0) toast.success(texts.some(done.length, count));
    if (refused.length > 0) {
      toast.error(
        texts.refused(refused.length),
        <div>
          {refused.map((refusal) => (
            <div key={refusal.payment._id}>{refusalLine(refusal)}</div>
          ))}
        </div>,
      );
    }
  };

  /**
   * Sends `send` for each of `payments` and reports it. With `throwSingle`, a single payment's refusal is thrown instead
   * of toasted, so that its dialog can show it at its field or as the dialog's error.
   */
  const run = async (
    payments: PaymentTarget[],
    send: (payment: PaymentTarget) => Promise<PaymentDone>,
    texts: BatchTexts,
    options: { throwSingle?: boolean } = {},
  ): Promise<Outcome> => {
    const outcome = await mutation.mutateAsync({ payments, send, fallback: texts.fallback });
    if (options.throwSingle && payments.length === 1 && outcome.refused[0]) throw outcome.refused[0].error;
    report(payments.length, texts, outcome);
    return outcome;
  };

  return { run, pending: mutation.isPending };
}
