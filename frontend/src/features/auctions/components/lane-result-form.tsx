import { Button, Flex, Input, Typography, type InputRef, type RefSelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyProblem, readMoney } from '@/components/money-input';
import type { EventRun } from '@/features/auctions/api/get-event';
import { LaneBuyerSelect, type ChosenBuyer } from '@/features/auctions/components/lane-buyer-select';
import { LanePriceCheckModal } from '@/features/auctions/components/lane-price-check-modal';
import { LaneReserveModal } from '@/features/auctions/components/lane-reserve-modal';
import { apiFils, beyondAvailable, unusualHammer } from '@/features/auctions/lib/hammer-check';
import { laneKeyAction } from '@/features/auctions/lib/lane-keys';
import { formatAed } from '@/lib/money';
import { toFils } from '@/lib/money-text';

/** What the clerk had typed for a vehicle, put back when its result was refused. */
export interface ResultDraft {
  buyer?: ChosenBuyer;
  /** The price as typed. */
  price: string | null;
}

interface LaneResultFormProps {
  run: EventRun;
  initial?: ResultDraft;
  /** The form shows but takes nothing (the event is not on its sale day). */
  disabled?: boolean;
  onSold: (buyer: ChosenBuyer, price: string, sellerApproved: boolean) => void;
  onNoSale: () => void;
}

function Key({ children }: { children: string }) {
  return <Typography.Text keyboard>{children}</Typography.Text>;
}

/** The questions a sale may need before it is recorded, in order: an unusual price, then a bid below the reserve. */
type Asking = 'price' | 'reserve' | null;

/**
 * The hammer price and the buyer of the vehicle on the block, then Sold or No sale. Mounted afresh for every vehicle
 * (keyed by its run), with the price field focused. The price stays as typed; anything that is not an amount is
 * refused with a sentence under the field and nothing is recorded. Enter records Sold once a buyer and a price are
 * filled (else goes to the empty field); N no sale, B the buyer, P the price, only while the focus is not in a field.
 * A price below half or above five times the opening price or reserve is asked a second time; a bid below the
 * reserve asks whether the seller accepts. Sold stays disabled while the buyer is blocked or the price is above
 * their available buying power, with the reason beside it.
 */
export function LaneResultForm({ run, initial, disabled = false, onSold, onNoSale }: LaneResultFormProps) {
  const { t } = useTranslation();
  const [buyer, setBuyer] = useState<ChosenBuyer | undefined>(initial?.buyer);
  const [text, setText] = useState<string | null>(initial?.price ?? null);
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const priceRef = useRef<InputRef>(null);
  const buyerRef = useRef<RefSelectProps>(null);
  const buyerBox = useRef<HTMLDivElement>(null);
  const { vehicle } = run;
  const problem = moneyProblem(text, { required: t('auctionEvents.console.priceRequired'), positive: t('auctionEvents.console.pricePositive') });
  const price = problem === undefined ? readMoney(text) : null;
  // A sentence for what is not an amount shows at once; 'type a price' only once Sold was tried without one.
  const typedWrong = text !== null && text.trim() !== '' && problem !== undefined;
  const shownProblem = typedWrong || tried ? problem : undefined;
  const reserve = vehicle.reservePrice;
  const belowReserve = price !== null && reserve !== null && toFils(price) < apiFils(reserve);
  const unusual = price === null ? null : unusualHammer(price, vehicle.openingPrice, reserve);
  const blocked = buyer?.blockedReason ?? undefined;
  const beyondPower = price !== null && buyer?.available !== undefined && !blocked && beyondAvailable(price, buyer.available);
  const soldReason = blocked ?? (beyondPower && buyer?.available !== undefined ? t('auctionEvents.console.beyondPower', { amount: formatAed(buyer.available) }) : undefined);
  const lot = t('auctionEvents.lot', { number: vehicle.vehicleLotNumber });
  const keys = { noSale: t('auctionEvents.console.keys.noSale'), buyer: t('auctionEvents.console.keys.buyer'), price: t('auctionEvents.console.keys.price') };

  useEffect(() => {
    if (!disabled) priceRef.current?.focus();
  }, [disabled]);

  const record = (sellerApproved: boolean) => {
    setAsking(null);
    if (buyer && price !== null) onSold(buyer, price, sellerApproved);
  };
  const afterPriceCheck = () => {
    if (belowReserve) setAsking('reserve');
    else record(false);
  };
  const sell = () => {
    if (disabled) return;
    setTried(true);
    if (price === null) priceRef.current?.focus();
    else if (!buyer) buyerRef.current?.focus();
    else if (soldReason) return;
    else if (unusual) setAsking('price');
    else afterPriceCheck();
  };
  const noSale = () => {
    if (!disabled) onNoSale();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (asking || disabled) return;
      if (event.target instanceof Node && buyerBox.current?.contains(event.target)) return;
      const action = laneKeyAction(event, keys, priceRef.current?.input ?? null);
      if (!action) return;
      event.preventDefault();
      // A held key repeats: one press records one result, never a run of them.
      if (event.repeat) return;
      if (action === 'sold') sell();
      else if (action === 'noSale') noSale();
      else if (action === 'buyer') buyerRef.current?.focus();
      else priceRef.current?.focus();
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
        {/* MoneyInput's field and rule (moneyProblem), large and marked in error: the console has no Form around it. */}
        <Input
          id="lane-price"
          ref={priceRef}
          size="large"
          prefix={t('common.aedPrefix')}
          inputMode="decimal"
          autoComplete="off"
          value={text ?? ''}
          disabled={disabled}
          aria-describedby="lane-price-help"
          aria-invalid={shownProblem ? true : undefined}
          status={shownProblem ? 'error' : undefined}
          onChange={(event) => {
            setText(event.target.value === '' ? null : event.target.value);
            setTried(false);
          }}
          style={{ width: '100%', fontSize: 28 }}
        />
        <div id="lane-price-help">
          {shownProblem ? (
            <Typography.Text type="danger" role="alert">
              {shownProblem}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{price !== null ? formatAed(price) : t('auctionEvents.console.priceHint')}</Typography.Text>
          )}
        </div>
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
            disabled={disabled}
            onChange={(next) => {
              setBuyer(next);
              if (next) priceRef.current?.focus();
            }}
          />
        </div>
        {buyer?.available !== undefined && !blocked && (
          <Typography.Text type={beyondPower ? 'danger' : 'secondary'}>{t('auctionEvents.console.available', { amount: formatAed(buyer.available) })}</Typography.Text>
        )}
      </Flex>
      <Flex vertical gap={4}>
        <Flex gap={12}>
          <Button
            type="primary"
            size="large"
            disabled={disabled || price === null || !buyer || soldReason !== undefined}
            aria-describedby={soldReason ? 'lane-sold-reason' : undefined}
            onClick={sell}
            style={{ flex: 1, height: 56, fontSize: 20 }}
          >
            {t('auctionEvents.console.sold')}
          </Button>
          <Button danger size="large" disabled={disabled} onClick={noSale} style={{ flex: 1, height: 56, fontSize: 20 }}>
            {t('auctionEvents.console.noSale')}
          </Button>
        </Flex>
        {soldReason && (
          <Typography.Text id="lane-sold-reason" type="danger">
            {soldReason}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Text type="secondary" aria-label={t('auctionEvents.console.shortcuts')}>
        <Key>{t('auctionEvents.console.keys.enter')}</Key> {t('auctionEvents.console.keySold')} · <Key>{keys.noSale}</Key> {t('auctionEvents.console.keyNoSale')} ·{' '}
        <Key>{keys.buyer}</Key> {t('auctionEvents.console.keyBuyer')} · <Key>{keys.price}</Key> {t('auctionEvents.console.keyPrice')}
      </Typography.Text>
      <LanePriceCheckModal open={asking === 'price'} lot={lot} price={price} check={unusual} onCancel={() => setAsking(null)} onConfirm={afterPriceCheck} />
      <LaneReserveModal
        open={asking === 'reserve'}
        lot={lot}
        buyer={buyer?.name ?? ''}
        price={price}
        reserve={reserve}
        onCancel={() => setAsking(null)}
        onNoSale={() => {
          setAsking(null);
          onNoSale();
        }}
        onAccept={() => record(true)}
      />
    </Flex>
  );
}
