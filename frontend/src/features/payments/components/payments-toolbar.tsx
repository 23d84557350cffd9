import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuyerFilter } from '@/components/buyer-filter';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { PAYMENT_METHODS } from '@/components/record-payment-values';
import { SearchBox } from '@/components/search-box';
import type { PaymentFilter } from '@/features/payments/lib/payment-filters';
import { CONFIRMATIONS, confirmationLabel, methodLabel } from '@/features/payments/lib/payment-status';
import type { ListControls } from '@/lib/use-list-params';

interface PaymentsToolbarProps {
  list: ListControls<PaymentFilter>;
  buyerName?: string;
}

/** Search (transaction, reference, invoice, buyer, lot, VIN) and the filters kept in the URL: method, confirmation, dates received, buyer. */
export function PaymentsToolbar({ list, buyerName }: PaymentsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('payments.searchPlaceholder')} aria-label={t('payments.search')} />
      <FilterSelect
        aria-label={t('payments.filters.method')}
        placeholder={t('payments.filters.allMethods')}
        value={list.filters.method}
        options={PAYMENT_METHODS.map((value) => ({ value, label: methodLabel(value) }))}
        onChange={(value) => list.setFilter('method', value)}
      />
      <FilterSelect
        aria-label={t('payments.filters.confirmation')}
        placeholder={t('payments.filters.allConfirmations')}
        value={list.filters.confirmation}
        options={CONFIRMATIONS.map((value) => ({ value, label: confirmationLabel(value) }))}
        onChange={(value) => list.setFilter('confirmation', value)}
      />
      <DateRangeFilter
        aria-label={t('payments.filters.dates')}
        placeholder={[t('payments.filters.datesFrom'), t('payments.filters.datesTo')]}
        value={list.filters.dates}
        onChange={(value) => list.setFilter('dates', value)}
      />
      <BuyerFilter aria-label={t('payments.filters.buyer')} value={list.filters.buyer} knownName={buyerName} onChange={(value) => list.setFilter('buyer', value)} />
    </Flex>
  );
}
