import { Button, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LaneSafeConfirm } from '@/features/auctions/components/lane-safe-confirm';
import type { LotMove } from '@/features/auctions/live/live-api';
import { liveKeyAction } from '@/features/auctions/live/live-keys';
import type { LaneState, LotView } from '@/features/auctions/live/types';
import { formatAed } from '@/lib/money';

interface LaneClerkActionsProps {
  lot: LotView;
  /** The lot's label ('Lot 1001'). */
  name: string;
  laneState: LaneState | undefined;
  /** An Online lane has no floor: no floor bid there. */
  online: boolean;
  /** A move is on its way: every button waits (one press, one move). */
  busy: boolean;
  /** The clerk may not move lots now (the event's sale day is not open, or the role may not). */
  disabled: boolean;
  onMove: (move: LotMove) => void;
  onLane: (move: 'pause' | 'resume') => void;
}

type Asking = 'withdraw' | 'noSale' | null;

/**
 * The clerk's moves on the lot on the block: Open lot (waiting), Floor bid at the asking price (F; Live lanes), Sold (H), No sale,
 * Send to approval, Withdraw lot, and Pause or Resume for the lane. The letters act only while the focus is not in a
 * field or a dialog, once per press; while a move is on its way nothing else is sent. Withdrawing a lot and passing
 * a lot that has a bid are asked a second time, with the focus on 'Back'.
 */
export function LaneClerkActions({ lot, name, laneState, online, busy, disabled, onMove, onLane }: LaneClerkActionsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Asking>(null);
  const open = lot.state === 'open';
  const still = disabled || busy;
  const keys = { floorBid: t('auctionEvents.live.actions.keyFloor'), sold: t('auctionEvents.live.actions.keySold') };
  const paused = laneState === 'paused';

  const floorBid = () => {
    if (!still && open && !online) onMove({ kind: 'floorBid' });
  };
  const sold = () => {
    if (!still && open && lot.leaderSource) onMove({ kind: 'close', intent: 'sold' });
  };
  const noSale = () => {
    if (still || !open) return;
    if (lot.price !== null) setAsking('noSale');
    else onMove({ kind: 'close', intent: 'no_sale' });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (asking) return;
      const action = liveKeyAction(event, keys);
      if (!action) return;
      event.preventDefault();
      if (action === 'floorBid') floorBid();
      else sold();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const big = { height: 56, fontSize: 20, flex: '1 1 160px' } as const;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap>
        {lot.state === 'waiting' && (
          <Button type="primary" size="large" disabled={still} loading={busy} onClick={() => onMove({ kind: 'open' })} style={big}>
            {t('auctionEvents.live.actions.open')}
          </Button>
        )}
        {open && (
          <>
            {!online && (
              <Button size="large" disabled={still} onClick={floorBid} aria-keyshortcuts={keys.floorBid} style={big}>
                {t('auctionEvents.live.actions.floorBid', { amount: formatAed(lot.asking) })}
              </Button>
            )}
            <Button type="primary" size="large" disabled={still || !lot.leaderSource} onClick={sold} aria-keyshortcuts={keys.sold} style={big}>
              {t('auctionEvents.live.actions.sold')}
            </Button>
            <Button size="large" disabled={still || !lot.leaderSource} onClick={() => onMove({ kind: 'close', intent: 'approval' })} style={big}>
              {t('auctionEvents.live.actions.approval')}
            </Button>
            <Button danger size="large" disabled={still} onClick={noSale} style={big}>
              {t('auctionEvents.live.actions.noSale')}
            </Button>
          </>
        )}
      </Flex>
      <Flex gap={12} wrap>
        {(lot.state === 'waiting' || open) && (
          <Button danger disabled={still} onClick={() => setAsking('withdraw')}>
            {t('auctionEvents.live.actions.withdraw')}
          </Button>
        )}
        {laneState && laneState !== 'finished' && (
          <Button disabled={still} onClick={() => onLane(paused ? 'resume' : 'pause')}>
            {paused ? t('auctionEvents.live.actions.resume') : t('auctionEvents.live.actions.pause')}
          </Button>
        )}
      </Flex>
      {open && (
        <Typography.Text type="secondary" aria-label={t('auctionEvents.live.actions.keys')}>
          {!online && (
            <>
              <Typography.Text keyboard>{keys.floorBid}</Typography.Text> {t('auctionEvents.live.actions.keyFloorText')} ·{' '}
            </>
          )}
          <Typography.Text keyboard>{keys.sold}</Typography.Text> {t('auctionEvents.live.actions.keySoldText')}
        </Typography.Text>
      )}
      <LaneSafeConfirm
        open={asking === 'withdraw'}
        title={t('auctionEvents.live.confirm.withdrawTitle', { lot: name })}
        message={t('auctionEvents.live.confirm.withdrawMessage', { lot: name })}
        confirmText={t('auctionEvents.live.confirm.withdrawOk')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          onMove({ kind: 'withdraw' });
        }}
      />
      <LaneSafeConfirm
        open={asking === 'noSale'}
        title={t('auctionEvents.live.confirm.noSaleTitle', { lot: name })}
        message={t('auctionEvents.live.confirm.noSaleMessage', { lot: name, price: formatAed(lot.price) })}
        confirmText={t('auctionEvents.live.confirm.noSaleOk')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          onMove({ kind: 'close', intent: 'no_sale' });
        }}
      />
    </Flex>
  );
}
