import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalView } from '@/api/lot-types';
import { ReasonConfirmModal } from '@/components/reason-confirm-modal';
import { useToast } from '@/components/use-toast';
import { useCounterAnswerMutation, useRecordApprovalMutation } from '@/features/auctions/api/on-approval';
import { CounterOfferModal } from '@/features/auctions/components/counter-offer-modal';
import { FloorBuyerModal } from '@/features/auctions/components/floor-buyer-modal';
import { lotName } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import '@/lib/i18n/strings/lots';

type Asking = 'accept' | 'decline' | 'buyerAccepts' | 'buyerDeclines' | 'counter' | null;

/**
 * The answers staff record on an on-approval lot (Auctions update status): the seller's Accept, Decline or
 * Counter-offer while it waits, then the buyer's answer to a counter-offer. Each asks first; a decline may carry a
 * note. A lot only the floor led has no member as its buyer: a sale then names the member who buys it. Nothing once
 * it is accepted, declined or past its deadline.
 */
export function ApprovalActions({ approval }: { approval: ApprovalView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState<Asking>(null);
  const record = useRecordApprovalMutation();
  const answer = useCounterAnswerMutation();
  const lot = lotName(approval.lot);
  const names = { lot, seller: approval.sellerName, buyer: approval.buyer?.name ?? t('lots.approval.noBuyer'), price: formatAed(approval.price), counter: formatAed(approval.counterAmount) };
  const lotId = approval.lot.id;
  const close = () => setAsking(null);
  const floorLed = approval.buyer === null;
  const button = (kind: Exclude<Asking, null>, danger = false) => (
    <Button size="small" danger={danger} type={kind === 'accept' || kind === 'buyerAccepts' ? 'primary' : 'default'} onClick={() => setAsking(kind)} aria-label={t(`lots.approval.${kind}For`, names)}>
      {t(`lots.approval.${kind}`)}
    </Button>
  );

  if (approval.status !== 'waiting' && approval.status !== 'countered') return null;
  return (
    <Flex gap={4} wrap>
      {approval.status === 'waiting' ? (
        <>
          {button('accept')}
          {button('decline', true)}
          {button('counter')}
        </>
      ) : (
        <>
          {button('buyerAccepts')}
          {button('buyerDeclines', true)}
        </>
      )}
      <FloorBuyerModal
        open={floorLed && asking === 'accept'}
        title={t('lots.approval.acceptFloorTitle', names)}
        message={t('lots.approval.acceptFloorMessage', names)}
        okText={t('lots.approval.accept')}
        onClose={close}
        onSell={async (buyerId, note) => {
          await record.mutateAsync({ lotId, body: { decision: 'accept', buyerId, ...(note ? { note } : {}) } });
          toast.success(t('lots.approval.acceptedFloor', names));
        }}
      />
      <FloorBuyerModal
        open={floorLed && asking === 'buyerAccepts'}
        title={t('lots.approval.buyerAcceptsFloorTitle', names)}
        message={t('lots.approval.buyerAcceptsFloorMessage', names)}
        okText={t('lots.approval.buyerAccepts')}
        onClose={close}
        onSell={async (buyerId, note) => {
          await answer.mutateAsync({ lotId, body: { accepted: true, buyerId, ...(note ? { note } : {}) } });
          toast.success(t('lots.approval.buyerAcceptedFloor', names));
        }}
      />
      <ReasonConfirmModal
        open={!floorLed && asking === 'accept'}
        title={t('lots.approval.acceptTitle', names)}
        message={t('lots.approval.acceptMessage', names)}
        confirmText={t('lots.approval.accept')}
        errorText={t('lots.errors.approvalFailed')}
        onClose={close}
        onConfirm={async () => {
          await record.mutateAsync({ lotId, body: { decision: 'accept' } });
          toast.success(t('lots.approval.accepted', names));
        }}
      />
      <ReasonConfirmModal
        open={asking === 'decline'}
        title={t('lots.approval.declineTitle', names)}
        message={t('lots.approval.declineMessage', names)}
        confirmText={t('lots.approval.decline')}
        reason="optional"
        errorText={t('lots.errors.approvalFailed')}
        onClose={close}
        onConfirm={async (note) => {
          await record.mutateAsync({ lotId, body: { decision: 'decline', ...(note ? { note } : {}) } });
          toast.success(t('lots.approval.declined', names));
        }}
      />
      <ReasonConfirmModal
        open={!floorLed && asking === 'buyerAccepts'}
        title={t('lots.approval.buyerAcceptsTitle', names)}
        message={t('lots.approval.buyerAcceptsMessage', names)}
        confirmText={t('lots.approval.buyerAccepts')}
        errorText={t('lots.errors.approvalFailed')}
        onClose={close}
        onConfirm={async () => {
          await answer.mutateAsync({ lotId, body: { accepted: true } });
          toast.success(t('lots.approval.buyerAccepted', names));
        }}
      />
      <ReasonConfirmModal
        open={asking === 'buyerDeclines'}
        title={t('lots.approval.buyerDeclinesTitle', names)}
        message={t('lots.approval.buyerDeclinesMessage', names)}
        confirmText={t('lots.approval.buyerDeclines')}
        reason="optional"
        errorText={t('lots.errors.approvalFailed')}
        onClose={close}
        onConfirm={async (note) => {
          await answer.mutateAsync({ lotId, body: { accepted: false, ...(note ? { note } : {}) } });
          toast.success(t('lots.approval.buyerDeclined', names));
        }}
      />
      <CounterOfferModal approval={approval} open={asking === 'counter'} onClose={close} />
    </Flex>
  );
}
