import { Button, Flex, InputNumber, Typography, type RefSelectProps } from 'antd';
import { useEffect, useRef, useState, type ComponentRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRun } from '@/features/auctions/api/get-event';
import { LaneBuyerSelect, type ChosenBuyer } from '@/features/auctions/components/lane-buyer-select';
import { LaneReserveModal } from '@/features/auctions/components/lane-reserve-modal';
import { formatAed } from '@/lib/money';

/** What the clerk had typed for a vehicle, put back when its result was refused or undone. */
export interface ResultDraft {
  buyer?: ChosenBuyer;
  price: string | null;
}

interface LaneResultFormProps {
  run: EventRun;
  initial?: ResultDraft;
  onSold: (buyer: ChosenBuyer, price: string, sellerApproved: boolean) => void;
  onNoSale: () => void;
}

function Key({ children }: { children: string }) {
  return <Typography.Text keyboard>{children}</Typography.Text>;
}

/**
 * The hammer price and the buyer of the vehicle on the block, then Sold or No sale. Mounted afresh for every vehicle
 * (keyed by its run), with the price field focused. Keys, anywhere on the console: Enter records Sold once a buyer and
 * a price are filled (else goes to the empty field), N no sale, B the buyer, P the price. While the buyer search has
 * the focus, letters and Enter belong to it (Enter picks the buyer and returns to the price).
 */
export function LaneResultForm({ run, initial, onSold, onNoSale }: LaneResultFormProps) {
  const { t } = useTranslation();
  const [buyer, setBuyer] = useState<ChosenBuyer | undefined>(initial?.buyer);
  const [price, setPrice] = useState<string | null>(initial?.price ?? null);
  const [asking, setAsking] = useState(false);
  const priceRef = useRef<ComponentRef<typeof InputNumber>>(null);
  const buyerRef = useRef<RefSelectProps>(null);
  const buyerBox = useRef<HTMLDivElement>(null);
  const amount = price === null ? 0 : Number(price);
  const priced = price !== null && Number.isFinite(amount) && amount > 0;
  const reserve = run.vehicle.reservePrice;
  const belowReserve = priced && reserve !== null && amount < reserve;
  const beyondPower = priced && buyer?.available !== undefined && amount > buyer.available;
  const lot = t('auctionEvents.lot', { number: run.vehicle.vehicleLotNumber });

  const keys = { noSale: t('auctionEvents.console.keys.noSale'), buyer: t('auctionEvents.console.keys.buyer'), price: t('auctionEvents.console.keys.price') };

  useEffect(() => {
    priceRef.current?.focus();
  }, []);

  const sell = () => {
    if (!priced) priceRef.current?.focus();
    else if (!buyer) buyerRef.current?.focus();
    else if (belowReserve) setAsking(true);
    else onSold(buyer, price, false);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (asking || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('[role="dialog"]')) return;
      if (target && buyerBox.current?.contains(target)) return;
      if (event.key === 'Enter') {
        if (target?.closest('button, a')) return;
        event.preventDefault();
        if (!event.repeat) sell();
        return;
      }
      const key = event.key.toLowerCase();
      const action =
        key === keys.noSale.toLowerCase()
          ? onNoSale
          : key === keys.buyer.toLowerCase()
            ? () => buyerRef.current?.focus()
            : key === keys.price.toLowerCase()
              ? () => priceRef.current?.focus()
              : undefined;
      if (!action) return;
      event.preventDefault();
      // A held key repeats: one press records one result, never a run of them.
      if (!event.repeat) action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4}>
        <label htmlFor="lane-price">
          <Typography.Text strong>{t('auctionEvents.console.price')}</Typography.Text>
        </label>
        <InputNumber<string>
          id="lane-price"
          ref={priceRef}
          size="large"
          stringMode
          min="0"
          precision={2}
          controls={false}
          prefix="AED"
          value={price}
          onChange={(next) => setPrice(next === null || next === '' ? null : next)}
          style={{ width: '100%', fontSize: 28 }}
        />
        <Typography.Text type="secondary">{priced ? formatAed(price) : t('auctionEvents.console.priceHint')}</Typography.Text>
        {belowReserve && <Typography.Text type="warning">{t('auctionEvents.console.belowReserve', { reserve: formatAed(reserve) })}</Typography.Text>}
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor="lane-buyer">
          <Typography.Text strong>{t('auctionEvents.console.buyer')}</Typography.Text>
        </label>
        <div ref={buyerBox}>
          <LaneBuyerSelect
            id="lane-buyer"
            selectRef={buyerRef}
            value={buyer}
            onChange={(next) => {
              setBuyer(next);
              if (next) priceRef.current?.focus();
            }}
          />
        </div>
        {buyer?.available !== undefined && (
          <Typography.Text type={beyondPower ? 'danger' : 'secondary'}>
            {t(beyondPower ? 'auctionEvents.console.beyondPower' : 'auctionEvents.console.available', { amount: formatAed(buyer.available) })}
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={12}>
        <Button type="primary" size="large" disabled={!priced || !buyer} onClick={sell} style={{ flex: 1, height: 56, fontSize: 20 }}>
          {t('auctionEvents.console.sold')}
        </Button>
        <Button danger size="large" onClick={onNoSale} style={{ flex: 1, height: 56, fontSize: 20 }}>
          {t('auctionEvents.console.noSale')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" aria-label={t('auctionEvents.console.shortcuts')}>
        <Key>{t('auctionEvents.console.keys.enter')}</Key> {t('auctionEvents.console.keySold')} · <Key>{keys.noSale}</Key> {t('auctionEvents.console.keyNoSale')} ·{' '}
        <Key>{keys.buyer}</Key> {t('auctionEvents.console.keyBuyer')} · <Key>{keys.price}</Key> {t('auctionEvents.console.keyPrice')}
      </Typography.Text>
      <LaneReserveModal
        open={asking}
        lot={lot}
        buyer={buyer?.name ?? ''}
        price={price}
        reserve={reserve}
        onCancel={() => setAsking(false)}
        onNoSale={() => {
          setAsking(false);
          onNoSale();
        }}
        onAccept={() => {
          setAsking(false);
          if (buyer && price !== null) onSold(buyer, price, true);
        }}
      />
    </Flex>
  );
}
