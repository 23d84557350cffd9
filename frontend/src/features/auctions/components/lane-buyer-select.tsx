import { Select, type RefSelectProps } from 'antd';
import { useDeferredValue, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/use-error-toast';
import { useBuyers, type BuyerOption } from '@/features/auctions/api/find-buyers';
import { formatAed } from '@/lib/money';

/** The buyer of the current vehicle: a search result, or the buyer of an undone result (name only). */
export interface ChosenBuyer {
  _id: string;
  name: string;
  available?: number;
}

interface LaneBuyerSelectProps {
  id: string;
  value: ChosenBuyer | undefined;
  onChange: (buyer: ChosenBuyer | undefined) => void;
  selectRef: Ref<RefSelectProps>;
}

function optionLabel(buyer: BuyerOption, available: string): string {
  return `${buyer.name} · ${buyer.memberIdentityNo} · ${buyer.phone} · ${available}`;
}

/** An approved buyer found as the clerk types a name, phone or member number (POST /api/auction-event/buyers), with the buying power still available. */
export function LaneBuyerSelect({ id, value, onChange, selectRef }: LaneBuyerSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const buyers = useBuyers(useDeferredValue(search));
  useErrorToast(buyers.error, t('auctionEvents.errors.fetchBuyersFailed'));
  // While a new search runs, the previous answer is not offered: Enter must never pick a buyer of an older search.
  const found = buyers.isPlaceholderData ? [] : (buyers.data ?? []);
  const options = found.map((buyer) => ({ value: buyer._id, label: optionLabel(buyer, t('auctionEvents.console.available', { amount: formatAed(buyer.available) })) }));
  if (value && !found.some((buyer) => buyer._id === value._id)) options.unshift({ value: value._id, label: value.name });

  return (
    <Select<string>
      id={id}
      ref={selectRef}
      size="large"
      value={value?._id}
      onChange={(next) => {
        const buyer = found.find((one) => one._id === next);
        onChange(buyer ? { _id: buyer._id, name: buyer.name, available: buyer.available } : next === value?._id ? value : undefined);
        setSearch('');
      }}
      options={options}
      loading={buyers.isFetching}
      placeholder={t('auctionEvents.console.buyerPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      notFoundContent={buyers.isFetching ? t('auctionEvents.console.searching') : t('auctionEvents.console.noBuyers')}
      allowClear
      virtual={false}
      defaultActiveFirstOption
      style={{ width: '100%' }}
    />
  );
}
