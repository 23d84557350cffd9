import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { DataTable } from '@/components/data-table';
import { IconButton } from '@/components/icon-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteRolesMutation } from '@/features/roles/api/delete-roles';
import type { Role, RoleList } from '@/features/roles/api/get-roles';
import { RoleActiveSwitch } from '@/features/roles/components/role-active-switch';
import type { RoleFilter } from '@/features/roles/components/roles-toolbar';
import { formatDate } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface RolesTableProps {
  data: RoleList | undefined;
  loading: boolean;
  list: ListControls<RoleFilter>;
  onEdit: (role: Role) => void;
  /** Opens the role's drawer: what it allows, in words. */
  onOpen: (role: Role) => void;
}

export function RolesTable({ data, loading, list, onEdit, onOpen }: RolesTableProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Roles', 'edit');
  const canDelete = useCan('Roles', 'delete');
  const remove = useDeleteRolesMutation();

  const columns: TableColumnsType<Role> = [
    {
      key: 'name',
      title: t('roles.name'),
      dataIndex: 'name',
      fixed: 'start',
      sorter: true,
      render: (_, role) => (
        <Button type="link" onClick={() => onOpen(role)} aria-label={t('roles.openNamed', { name: role.name })} style={{ paddingInline: 0 }}>
          {role.name}
        </Button>
      ),
    },
    { key: 'assignedUsers', title: t('roles.assignedUsers'), dataIndex: 'assignedUsers', align: 'end' },
    { key: 'isActive', title: t('common.active'), sorter: true, render: (_, role) => <RoleActiveSwitch role={role} /> },
    { key: 'createdAt', title: t('common.createdAt'), sorter: true, render: (_, role) => formatDate(role.createdAt) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, role) => <IconButton icon={<EditOutlined />} label={t('roles.editNamed', { name: role.name })} onClick={() => onEdit(role)} />,
    });
  }

  const deleteSelected = (ids: string[], clear: () => void) =>
    remove.mutateAsync(ids).then(
      (answer) => {
        toast.success(answer.message);
        clear();
      },
      (error: unknown) => showError(error, t('errors.deleteRolesFailed')),
    );

  return (
    <DataTable<Role> listKey="roles" cardColumns={['name', 'assignedUsers', 'isActive']}
      aria-label={t('roles.tableLabel')}
      columns={columns}
      rows={data?.roles}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(role) => role.name}
      bulkActions={
        canDelete
          ? (ids, clear) => (
              <ConfirmButton
                danger
                icon={<DeleteOutlined />}
                title={t('roles.deleteTitle')}
                message={t('roles.deleteMessage', { count: ids.length })}
                onConfirm={() => deleteSelected(ids, clear)}
              >
                {t('table.deleteSelected')}
              </ConfirmButton>
            )
          : undefined
      }
    />
  );
}
