import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import { statusOptions } from '@/features/locations/lib/location-status';
import type { ListControls } from '@/lib/use-list-params';

export type LocationFilter = 'status';

export function LocationsToolbar({ list }: { list: ListControls<LocationFilter> }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('locations.searchPlaceholder')} aria-label={t('locations.search')} />
      <FilterSelect
        aria-label={t('locations.statusFilter')}
        placeholder={t('common.allStatuses')}
        value={list.filters.status}
        options={statusOptions()}
        onChange={(value) => list.setFilter('status', value)}
      />
    </Flex>
  );
}
