import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/use-toast';
import type { AuctionStatus } from '@/features/auctions/api/get-auctions';
import { useUpdateAuctionStatusMutation } from '@/features/auctions/api/update-auction-status';

/**
 * Moves auctions to a status and toasts the server's answer. The promise rejects on failure so that the status
 * dropdown shows it: a refusal (409 naming each blocking auction and why) in a toast, with `errorText` as the
 * fallback. The lists, counts and events refresh through the query keys.
 */
export function useChangeAuctionStatus() {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateAuctionStatusMutation();
  const change = (auctionIds: string[], status: AuctionStatus, onDone?: () => void) =>
    mutation.mutateAsync({ auctionIds, status }).then((answer) => {
      toast.success(answer.message);
      onDone?.();
    });
  return { change, pending: mutation.isPending, errorText: t('auctions.errors.statusFailed') };
}
