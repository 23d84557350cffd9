import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import type { ListControls } from '@/lib/use-list-params';

export type RoleFilter = 'active';

/** Search by name and an active/inactive filter (`isActive` on the wire). */
export function RolesToolbar({ list }: { list: ListControls<RoleFilter> }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('roles.searchPlaceholder')} aria-label={t('roles.search')} />
      <FilterSelect
        aria-label={t('roles.statusFilter')}
        placeholder={t('common.allStatuses')}
        value={list.filters.active}
        options={[
          { value: 'true', label: t('common.active') },
          { value: 'false', label: t('common.inactive') },
        ]}
        onChange={(value) => list.setFilter('active', value)}
      />
    </Flex>
  );
}
