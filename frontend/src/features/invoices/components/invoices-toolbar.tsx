import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuyerFilter } from '@/components/buyer-filter';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import type { InvoiceFilter } from '@/features/invoices/lib/invoice-filters';
import { INVOICE_KINDS, INVOICE_STATES, kindLabel, stateLabel } from '@/features/invoices/lib/invoice-status';
import type { ListControls } from '@/lib/use-list-params';

interface InvoicesToolbarProps {
  list: ListControls<InvoiceFilter>;
  /** The filtered buyer's name, when the rows show it. */
  buyerName?: string;
}

/** Search (invoice number, buyer, lot, VIN) and the filters kept in the URL: state, kind, issue dates, buyer. */
export function InvoicesToolbar({ list, buyerName }: InvoicesToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('invoices.searchPlaceholder')} aria-label={t('invoices.search')} />
      <FilterSelect
        aria-label={t('invoices.filters.state')}
        placeholder={t('invoices.filters.allStates')}
        value={list.filters.status}
        options={INVOICE_STATES.map((value) => ({ value, label: stateLabel(value) }))}
        onChange={(value) => list.setFilter('status', value)}
      />
      <FilterSelect
        aria-label={t('invoices.filters.kind')}
        placeholder={t('invoices.filters.allKinds')}
        value={list.filters.kind}
        options={INVOICE_KINDS.map((value) => ({ value, label: kindLabel(value) }))}
        onChange={(value) => list.setFilter('kind', value)}
      />
      <DateRangeFilter
        aria-label={t('invoices.filters.dates')}
        placeholder={[t('invoices.filters.datesFrom'), t('invoices.filters.datesTo')]}
        value={list.filters.dates}
        onChange={(value) => list.setFilter('dates', value)}
      />
      <BuyerFilter aria-label={t('invoices.filters.buyer')} value={list.filters.buyer} knownName={buyerName} onChange={(value) => list.setFilter('buyer', value)} />
    </Flex>
  );
}
