import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuyerFilter } from '@/components/buyer-filter';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import type { OutboundFilter } from '@/features/outbound/lib/outbound-filters';
import { KINDS, kindLabel, METHODS, methodLabel, STATUSES, statusLabel } from '@/features/outbound/lib/outbound-status';
import type { ListControls } from '@/lib/use-list-params';

interface OutboundToolbarProps {
  list: ListControls<OutboundFilter>;
  /** The name of the member filtered by, when the rows show it. */
  memberName?: string;
}

/** Search (payment, reference, statement, member, lot, VIN) and the filters kept in the URL: kind, status, method, dates, member paid. */
export function OutboundToolbar({ list, memberName }: OutboundToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('outbound.searchPlaceholder')} aria-label={t('outbound.search')} />
      <FilterSelect
        aria-label={t('outbound.filters.kind')}
        placeholder={t('outbound.filters.allKinds')}
        value={list.filters.kind}
        options={KINDS.map((value) => ({ value, label: kindLabel(value) }))}
        onChange={(value) => list.setFilter('kind', value)}
      />
      <FilterSelect
        aria-label={t('outbound.filters.status')}
        placeholder={t('outbound.filters.allStatuses')}
        value={list.filters.status}
        options={STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
        onChange={(value) => list.setFilter('status', value)}
      />
      <FilterSelect
        aria-label={t('outbound.filters.method')}
        placeholder={t('outbound.filters.allMethods')}
        value={list.filters.method}
        options={METHODS.map((value) => ({ value, label: methodLabel(value) }))}
        onChange={(value) => list.setFilter('method', value)}
      />
      <DateRangeFilter
        aria-label={t('outbound.filters.dates')}
        placeholder={[t('outbound.filters.datesFrom'), t('outbound.filters.datesTo')]}
        value={list.filters.dates}
        onChange={(value) => list.setFilter('dates', value)}
      />
      <BuyerFilter
        aria-label={t('outbound.filters.member')}
        memberType="any"
        texts={{
          placeholder: t('outbound.filters.allMembers'),
          noMatch: t('outbound.filters.noMembers'),
          selected: t('outbound.filters.selectedMember'),
          tag: (name) => t('outbound.filters.memberTag', { name }),
          clear: t('outbound.filters.clearMember'),
        }}
        value={list.filters.member}
        knownName={memberName}
        onChange={(value) => list.setFilter('member', value)}
      />
    </Flex>
  );
}
