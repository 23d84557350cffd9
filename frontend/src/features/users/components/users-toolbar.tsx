import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import { useRoleOptions } from '@/features/users/api/get-role-options';
import { statusOptions } from '@/features/users/lib/user-status';
import type { ListControls } from '@/lib/use-list-params';

export type UserFilter = 'status' | 'role';

/** Search over name, email and phone; filters for account status and role. */
export function UsersToolbar({ list }: { list: ListControls<UserFilter> }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role._id, label: role.name }));
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('users.searchPlaceholder')} aria-label={t('users.search')} />
      <FilterSelect
        aria-label={t('users.statusFilter')}
        placeholder={t('users.allStatuses')}
        value={list.filters.status}
        options={statusOptions()}
        onChange={(value) => list.setFilter('status', value)}
      />
      <FilterSelect
        aria-label={t('users.roleFilter')}
        placeholder={t('users.allRoles')}
        value={list.filters.role}
        options={roleOptions}
        loading={roles.isPending}
        onChange={(value) => list.setFilter('role', value)}
      />
    </Flex>
  );
}
