import { EditOutlined } from '@ant-design/icons';
import { Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/me';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import { IconButton } from '@/components/icon-button';
import { LtrText } from '@/components/ltr-text';
import { StatusBadge } from '@/components/status-badge';
import type { User, UserList } from '@/features/users/api/get-users';
import { ResetPasswordAction } from '@/features/users/components/reset-password-action';
import { ResetTwoStepAction } from '@/features/users/components/reset-two-step-action';
import { UserBulkActions } from '@/features/users/components/user-bulk-actions';
import type { UserFilter } from '@/features/users/components/users-toolbar';
import { statusLabel, statusVariant } from '@/features/users/lib/user-status';
import { formatDate } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface UsersTableProps {
  data: UserList | undefined;
  loading: boolean;
  list: ListControls<UserFilter>;
  onEdit: (user: User) => void;
}

export function UsersTable({ data, loading, list, onEdit }: UsersTableProps) {
  const { t } = useTranslation();
  const canEdit = useCan('Users', 'edit');
  const canStatus = useCan('Users', 'updateStatus');
  const canDelete = useCan('Users', 'delete');
  const missing = t('common.notAvailable');
  const me = useMe().data?.user._id;

  const columns: TableColumnsType<User> = [
    { key: 'fullName', title: t('users.fullName'), fixed: 'start', sorter: true, render: (_, user) => <CellText text={user.fullName} max={150} /> },
    // The account's status (the list's key figure) next to the name: in view at 1024 px.
    {
      key: 'userAccountStatus',
      title: t('users.statusLabel'),
      sorter: true,
      render: (_, user) => <StatusBadge variant={statusVariant(user.userAccountStatus)}>{statusLabel(user.userAccountStatus)}</StatusBadge>,
    },
    { key: 'role', title: t('users.role'), render: (_, user) => <CellText text={user.rolePermissionData?.name ?? missing} max={130} /> },
    { key: 'email', title: t('users.email'), sorter: true, render: (_, user) => <CellText text={user.email} max={160} /> },
    { key: 'phone', title: t('users.phone'), render: (_, user) => (user.phone ? <LtrText>{user.phone}</LtrText> : missing) },
    {
      key: 'twoStep',
      title: t('users.twoStep'),
      render: (_, user) => (user.twoStepEnabled ? t('users.twoStepOn') : t('users.twoStepOff')),
    },
    { key: 'createdAt', title: t('common.createdAt'), sorter: true, render: (_, user) => formatDate(user.createdAt) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, user) => (
        <Space size={4}>
          <IconButton icon={<EditOutlined />} label={t('users.editNamed', { name: user.fullName })} onClick={() => onEdit(user)} />
          <ResetPasswordAction user={user} />
          {user.twoStepEnabled && user._id !== me ? <ResetTwoStepAction user={user} /> : null}
        </Space>
      ),
    });
  }

  return (
    <DataTable<User> listKey="users" cardColumns={['fullName', 'userAccountStatus', 'role']}
      aria-label={t('users.tableLabel')}
      columns={columns}
      rows={data?.users}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(user) => user.fullName}
      bulkActions={canStatus || canDelete ? (ids, clear) => <UserBulkActions ids={ids} onDone={clear} /> : undefined}
    />
  );
}
