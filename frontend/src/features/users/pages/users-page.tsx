import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useUsers, type AccountStatus, type User } from '@/features/users/api/get-users';
import { UserFormModal } from '@/features/users/components/user-form-modal';
import { UsersSummary } from '@/features/users/components/users-summary';
import { UsersTable } from '@/features/users/components/users-table';
import { UsersToolbar, type UserFilter } from '@/features/users/components/users-toolbar';
import { pageQuery, useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/audit';

const FILTERS: readonly UserFilter[] = ['status', 'role'];

/** /user-management: staff users with counts, search, filters, add and edit, bulk status and delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const canAdd = useCan('Users', 'add');
  const [modal, setModal] = useState<{ open: boolean; user?: User }>({ open: false });
  const query = useUsers({
    ...pageQuery(list),
    userAccountStatus: list.filters.status as AccountStatus | undefined,
    rolePermission: list.filters.role,
  });
  useErrorToast(query.error, t('errors.fetchUsersFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('users.title')}
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
              {t('users.add')}
            </Button>
          )
        }
      />
      <UsersSummary data={query.data} status={list.filters.status} onStatus={(status) => list.setFilter('status', status)} />
      <UsersToolbar list={list} />
      <UsersTable data={query.data} loading={query.isFetching} list={list} onEdit={(user) => setModal({ open: true, user })} />
      <UserFormModal open={modal.open} user={modal.user} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </Flex>
  );
}
