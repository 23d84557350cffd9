import { Select, type RefSelectProps } from 'antd';
import { useDeferredValue, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/use-error-toast';
import { useBuyers, type BuyerOption } from '@/api/find-buyers';
import { formatAed } from '@/lib/money';

/** The buyer of the current vehicle: a search result with the server's verdict, or the buyer of a refused result. */
export interface ChosenBuyer {
  _id: string;
  name: string;
  available?: number;
  /** Why the server records no sale to them now (an overdue invoice), from the look-up. */
  blockedReason?: string | null;
}

interface LaneBuyerSelectProps {
  id: string;
  value: ChosenBuyer | undefined;
  onChange: (buyer: ChosenBuyer | undefined) => void;
  selectRef: Ref<RefSelectProps>;
  disabled?: boolean;
}

/** A buyer as the look-up shows them: what they may buy for, or greyed out and why not ('Blocked: overdue INV-…'). */
function useOptionLabel() {
  const { t } = useTranslation();
  return (buyer: BuyerOption): string => {
    const verdict = buyer.blockedReason
      ? buyer.overdueInvoice
        ? t('auctionEvents.console.blockedOverdue', { invoice: buyer.overdueInvoice })
        : t('auctionEvents.console.blocked')
      : t('auctionEvents.console.available', { amount: formatAed(buyer.available) });
    return `${buyer.name} · ${buyer.memberIdentityNo} · ${buyer.phone} · ${verdict}`;
  };
}

/**
 * An approved buyer found as the clerk types a name, phone or member number (POST /api/auction-event/buyers), with the
 * server's verdict: the buying power available, or why no sale to them is recorded (greyed out, not choosable).
 */
export function LaneBuyerSelect({ id, value, onChange, selectRef, disabled }: LaneBuyerSelectProps) {
  const { t } = useTranslation();
  const optionLabel = useOptionLabel();
  const [search, setSearch] = useState('');
  const buyers = useBuyers(useDeferredValue(search));
  useErrorToast(buyers.error, t('auctionEvents.errors.fetchBuyersFailed'));
  // While a new search runs, the previous answer is not offered: Enter must never pick a buyer of an older search.
  const found = buyers.isPlaceholderData ? [] : (buyers.data ?? []);
  const options: { value: string; label: string; disabled?: boolean; title?: string }[] = found.map((buyer) => ({ value: buyer._id, label: optionLabel(buyer), disabled: Boolean(buyer.blockedReason), title: buyer.blockedReason ?? undefined }));
  if (value && !found.some((buyer) => buyer._id === value._id)) options.unshift({ value: value._id, label: value.name });

  return (
    <Select<string>
      id={id}
      ref={selectRef}
      size="large"
      value={value?._id}
      onChange={(next) => {
        const buyer = found.find((one) => one._id === next);
        onChange(buyer ? { _id: buyer._id, name: buyer.name, available: buyer.available, blockedReason: buyer.blockedReason } : next === value?._id ? value : undefined);
        setSearch('');
      }}
      options={options}
      loading={buyers.isFetching}
      placeholder={t('auctionEvents.console.buyerPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      notFoundContent={buyers.isFetching ? t('auctionEvents.console.searching') : t('auctionEvents.console.noBuyers')}
      allowClear
      disabled={disabled}
      virtual={false}
      defaultActiveFirstOption
      style={{ width: '100%' }}
    />
  );
}
