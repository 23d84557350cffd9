import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import { useAuditActions, useAuditStaff } from '@/features/audit/api/get-audit-options';
import { MODULES, type AuditFilter } from '@/features/audit/lib/audit-filters';
import { ENTITIES, entityLabel } from '@/lib/audit-values';
import type { ListControls } from '@/lib/use-list-params';

/** The audit log's search box (the words staff use: lot, VIN, invoice or payment number, member or staff name) and its
 * filters, each kept in the URL: staff user, module, action, record (its type, then its id, for links) and Dubai days. */
export function AuditToolbar({ list }: { list: ListControls<AuditFilter> }) {
  const { t } = useTranslation();
  const staff = useAuditStaff();
  const actions = useAuditActions();
  const { filters } = list;
  return (
    <Flex gap={12} wrap>
      <SearchBox
        aria-label={t('audit.filters.search')}
        placeholder={t('audit.filters.searchPlaceholder')}
        value={list.search}
        onSearch={list.setSearch}
      />
      <FilterSelect
        aria-label={t('audit.filters.staff')}
        placeholder={t('audit.filters.allStaff')}
        value={filters.staff}
        loading={staff.isPending}
        options={(staff.data ?? []).map((user) => ({ value: user._id, label: `${user.fullName} (${user.email})` }))}
        onChange={(value) => list.setFilter('staff', value)}
      />
      <FilterSelect
        aria-label={t('audit.filters.module')}
        placeholder={t('audit.filters.allModules')}
        value={filters.module}
        options={MODULES.map((value) => ({ value, label: t(`modules.${value}`) }))}
        onChange={(value) => list.setFilter('module', value)}
      />
      <FilterSelect
        aria-label={t('audit.filters.action')}
        placeholder={t('audit.filters.allActions')}
        value={filters.action}
        loading={actions.isPending}
        options={actions.data ?? []}
        onChange={(value) => list.setFilter('action', value)}
      />
      <FilterSelect
        aria-label={t('audit.filters.entity')}
        placeholder={t('audit.filters.allEntities')}
        value={filters.entity}
        options={ENTITIES.map((value) => ({ value, label: entityLabel(value) }))}
        onChange={(value) => list.setFilters({ entity: value, record: value ? filters.record : undefined })}
      />
      <SearchBox
        aria-label={t('audit.filters.record')}
        placeholder={t('audit.filters.recordPlaceholder')}
        value={filters.record ?? ''}
        onSearch={(value) => list.setFilter('record', value.trim() || undefined)}
      />
      <DateRangeFilter
        aria-label={t('audit.filters.dates')}
        placeholder={[t('audit.filters.datesFrom'), t('audit.filters.datesTo')]}
        value={filters.dates}
        onChange={(value) => list.setFilter('dates', value)}
      />
    </Flex>
  );
}
