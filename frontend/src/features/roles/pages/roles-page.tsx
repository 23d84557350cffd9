import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useRoles, type Role } from '@/features/roles/api/get-roles';
import { RoleDrawer } from '@/features/roles/components/role-drawer';
import { RoleFormModal } from '@/features/roles/components/role-form-modal';
import { RolesSummary } from '@/features/roles/components/roles-summary';
import { RolesTable } from '@/features/roles/components/roles-table';
import { RolesToolbar, type RoleFilter } from '@/features/roles/components/roles-toolbar';
import { pageQuery, useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/two-step';

const FILTERS: readonly RoleFilter[] = ['active'];

/** /roles: roles with their privileges, an active switch per row, create, edit and bulk delete. */
export function RolesPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const canAdd = useCan('Roles', 'add');
  const [modal, setModal] = useState<{ open: boolean; role?: Role }>({ open: false });
  const [shown, setShown] = useState<Role>();
  const active = list.filters.active;
  const query = useRoles({ ...pageQuery(list), isActive: active === undefined ? undefined : active === 'true' });
  useErrorToast(query.error, t('errors.fetchRolesFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('roles.title')}
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
              {t('roles.add')}
            </Button>
          )
        }
      />
      <RolesSummary data={query.data} active={active} onActive={(value) => list.setFilter('active', value)} />
      <RolesToolbar list={list} />
      <RolesTable data={query.data} loading={query.isFetching} list={list} onEdit={(role) => setModal({ open: true, role })} onOpen={setShown} />
      <RoleDrawer role={shown} onClose={() => setShown(undefined)} />
      <RoleFormModal open={modal.open} role={modal.role} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </Flex>
  );
}
