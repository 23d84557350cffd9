import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal } from 'antd';
import { useState } from 'react';
import { bidderKeys } from '@/bidder/api/keys';
import { placeBid } from '@/bidder/api/lots';
import type { BidderLot } from '@/bidder/api/types';
import { useLocale } from '@/bidder/i18n/locale';
import { needsConfirmation, readBidLimit } from '@/bidder/lib/bid-limit';
import { errorText } from '@/bidder/lib/error-text';

/**
 * Bids the lot's asking price, and says so on its face ("Bid AED 15,500.00"). Above the member's own limit (or
 * always, when they set none) it asks first. The amount sent is the amount shown: when the price moved meanwhile,
 * the server refuses it with the new asking price in its sentence.
 */
export function BidButton({ lot }: { lot: BidderLot }) {
  const { t, money } = useLocale();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const amount = lot.asking;
  const bid = useMutation({
    mutationFn: (value: string) => placeBid(lot.id, value),
    onSuccess: (next, value) => {
      client.setQueryData<BidderLot>(bidderKeys.lot(lot.id), (old) => (old && next.lastEventSequence >= old.lastEventSequence ? { ...old, ...next } : old));
      void message.success(t('live.bidSent', { amount: money(value) }));
    },
    onError: (error) => void message.error(errorText(error, t('live.bidFailed'))),
    onSettled: () => void client.invalidateQueries({ queryKey: bidderKeys.lot(lot.id) }),
  });
  if (lot.state !== 'open' || amount === null) return null;

  const press = () => {
    if (needsConfirmation(amount, readBidLimit())) setConfirming(amount);
    else bid.mutate(amount);
  };
  const limit = readBidLimit();
  return (
    <>
      <Button type="primary" size="large" block loading={bid.isPending} onClick={press}>
        {t('live.bid', { amount: money(amount) })}
      </Button>
      <Modal
        open={confirming !== null}
        title={t('live.confirmTitle')}
        okText={confirming ? t('live.confirmOk', { amount: money(confirming) }) : undefined}
        cancelText={t('live.cancel')}
        onCancel={() => setConfirming(null)}
        onOk={() => {
          if (confirming) bid.mutate(confirming);
          setConfirming(null);
        }}
        destroyOnHidden
      >
        {confirming && limit === null ? t('live.confirmAlways', { amount: money(confirming) }) : null}
        {confirming && limit !== null ? t('live.confirmText', { amount: money(confirming), limit: money(limit) }) : null}
      </Modal>
    </>
  );
}
