import { useState, type ReactNode } from 'react';
import { useShowError } from '@/components/use-show-error';
import { AuctionPublishModal, type PublishTarget } from '@/features/auctions/components/auction-publish-modal';
import { useChangeAuctionStatus } from '@/features/auctions/components/use-change-auction-status';

/**
 * Publishing confirmed with its summary (AuctionPublishModal): `ask` opens it for these auctions, `modal` is the
 * dialog to render. The server's refusal (409 naming each auction and why) shows in a toast and the dialog stays.
 */
export function usePublishConfirm(): { ask: (auctions: PublishTarget[], onDone?: () => void) => void; modal: ReactNode } {
  const showError = useShowError();
  const { change, pending, errorText } = useChangeAuctionStatus();
  const [asking, setAsking] = useState<{ auctions: PublishTarget[]; onDone?: () => void }>({ auctions: [] });
  const confirm = () =>
    change(
      asking.auctions.map((auction) => auction._id),
      'publish',
      asking.onDone,
    ).then(
      () => setAsking({ auctions: [] }),
      (error: unknown) => showError(error, errorText),
    );
  return {
    ask: (auctions, onDone) => setAsking({ auctions, onDone }),
    modal: <AuctionPublishModal auctions={asking.auctions} pending={pending} onConfirm={() => void confirm()} onCancel={() => setAsking({ auctions: [] })} />,
  };
}
