import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteAuctionsMutation } from '@/features/auctions/api/delete-auctions';
import type { Auction, AuctionStatus } from '@/features/auctions/api/get-auctions';
import { useChangeAuctionStatus } from '@/features/auctions/components/use-change-auction-status';
import { usePublishConfirm } from '@/features/auctions/components/use-publish-confirm';
import { canDeleteFrom, LIST_STATUS, type AuctionListName } from '@/features/auctions/lib/auction-lists';
import { auctionsSubject, transitionOptions } from '@/features/auctions/lib/auction-status';

interface AuctionBulkActionsProps {
  list: AuctionListName;
  ids: string[];
  /** The auctions of the page, whose titles the publish summary shows. */
  auctions: Auction[];
  onDone: () => void;
}

/** For the selected auctions: the moves their list allows (confirmed as for one, publishing with its summary), and delete (drafts only) after confirmation. */
export function AuctionBulkActions({ list, ids, auctions, onDone }: AuctionBulkActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Auctions', 'updateStatus');
  const canDelete = useCan('Auctions', 'delete') && canDeleteFrom(list);
  const status = useChangeAuctionStatus();
  const publish = usePublishConfirm();
  const publishing = () => publish.ask(ids.map((id) => auctions.find((auction) => auction._id === id) ?? { _id: id, auctionTitle: id }), onDone);
  const remove = useDeleteAuctionsMutation();
  const options = transitionOptions(LIST_STATUS[list]);

  const deleteSelected = () =>
    remove.mutateAsync(ids).then(
      (answer) => {
        toast.success(answer.message);
        onDone();
      },
      (error: unknown) => showError(error, t('auctions.errors.deleteFailed')),
    );

  return (
    <>
      {canStatus && options.length > 0 && (
        <StatusDropdown<string[]>
          id={ids}
          column="status"
          options={options}
          aria-label={t('auctions.changeStatusSelected')}
          subject={auctionsSubject(ids.length)}
          errorText={status.errorText}
          disabled={status.pending}
          onChange={(change) => (change.value === 'publish' ? publishing() : status.change(ids, change.value as AuctionStatus, onDone))}
        />
      )}
      {canDelete && (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          title={t('auctions.deleteTitle')}
          message={t('auctions.deleteMessage', { count: ids.length })}
          onConfirm={deleteSelected}
        >
          {t('table.deleteSelected')}
        </ConfirmButton>
      )}
      {publish.modal}
    </>
  );
}
