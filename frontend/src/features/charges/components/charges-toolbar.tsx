import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import { appliesToLabel, kindOptions } from '@/features/charges/lib/charge-form';
import type { ListControls } from '@/lib/use-list-params';

export type ChargeFilter = 'active' | 'appliesTo' | 'kind';

export function ChargesToolbar({ list }: { list: ListControls<ChargeFilter> }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('charges.searchPlaceholder')} aria-label={t('charges.search')} />
      <FilterSelect
        aria-label={t('charges.statusFilter')}
        placeholder={t('common.allStatuses')}
        value={list.filters.active}
        options={[
          { value: 'true', label: t('common.active') },
          { value: 'false', label: t('common.inactive') },
        ]}
        onChange={(value) => list.setFilter('active', value)}
      />
      <FilterSelect
        aria-label={t('charges.appliesToFilter')}
        placeholder={t('charges.allParties')}
        value={list.filters.appliesTo}
        options={['buyer', 'seller'].map((value) => ({ value, label: appliesToLabel(value) }))}
        onChange={(value) => list.setFilter('appliesTo', value)}
      />
      <FilterSelect
        aria-label={t('charges.kindFilter')}
        placeholder={t('charges.allKinds')}
        value={list.filters.kind}
        options={kindOptions()}
        onChange={(value) => list.setFilter('kind', value)}
      />
    </Flex>
  );
}
