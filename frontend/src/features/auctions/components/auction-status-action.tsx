import { useTranslation } from 'react-i18next';
import { StatusDropdown } from '@/components/status-dropdown';
import type { Auction, AuctionStatus } from '@/features/auctions/api/get-auctions';
import { useChangeAuctionStatus } from '@/features/auctions/components/use-change-auction-status';
import { usePublishConfirm } from '@/features/auctions/components/use-publish-confirm';
import { transitionOptions } from '@/features/auctions/lib/auction-status';

/**
 * One auction's status dropdown: only the moves the server allows from its status; publishing is confirmed with a
 * summary of its events and lanes, unpublish and complete by name.
 */
export function AuctionStatusAction({ auction }: { auction: Auction }) {
  const { t } = useTranslation();
  const { change, pending, errorText } = useChangeAuctionStatus();
  const publish = usePublishConfirm();
  const options = transitionOptions(auction.status);
  if (options.length === 0) return null;
  return (
    <>
      <StatusDropdown
      id={auction._id}
      column="status"
      options={options}
      aria-label={t('auctions.changeStatusOf', { title: auction.auctionTitle })}
      subject={auction.auctionTitle}
      errorText={errorText}
      disabled={pending}
      onChange={(next) => (next.value === 'publish' ? publish.ask([auction]) : change([next.id], next.value as AuctionStatus))}
      />
      {publish.modal}
    </>
  );
}
