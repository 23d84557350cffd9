import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCancelMessagesMutation } from '@/features/alerts/api/cancel-messages';
import { useRetryMessagesMutation } from '@/features/alerts/api/retry-messages';

/** Retry and cancel for one message or a selection, each one request (all or nothing): the server's answer as a toast. */
export function useMessageActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const retry = useRetryMessagesMutation();
  const cancel = useCancelMessagesMutation();
  return {
    pending: retry.isPending || cancel.isPending,
    retry: (ids: string[], done?: () => void) =>
      retry.mutate(ids, {
        onSuccess: (answer) => {
          toast.success(answer.message);
          done?.();
        },
        onError: (error) => showError(error, t('alerts.errors.retryFailed')),
      }),
    cancel: (ids: string[], done?: () => void) =>
      cancel.mutate(ids, {
        onSuccess: (answer) => {
          toast.success(answer.message);
          done?.();
        },
        onError: (error) => showError(error, t('alerts.errors.cancelFailed')),
      }),
  };
}
