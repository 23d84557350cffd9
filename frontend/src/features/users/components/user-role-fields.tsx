import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivilegeGrid } from '@/components/privilege-grid';
import { useRoleOptions } from '@/features/users/api/get-role-options';

/** The 'Roles & Permissions' tab: the role, and what it allows as a read-only module × privilege grid. */
export function UserRoleFields() {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const chosen = Form.useWatch<string | undefined>('rolePermission');
  const role = roles.data?.find((item) => item._id === chosen);
  const options = (roles.data ?? []).map((item) => ({
    value: item._id,
    label: item.isActive ? item.name : t('users.roleInactive', { name: item.name }),
    disabled: !item.isActive,
  }));
  return (
    <>
      <Form.Item label={t('users.role')} name="rolePermission" rules={[{ required: true, message: t('users.roleRequired') }]}>
        <Select options={options} placeholder={t('users.rolePlaceholder')} loading={roles.isPending} showSearch={{ optionFilterProp: 'label' }} virtual={false} />
      </Form.Item>
      {role ? (
        <PrivilegeGrid value={role.permissions} aria-label={t('users.roleAllows', { name: role.name })} />
      ) : (
        <Typography.Text type="secondary">{t('users.chooseRole')}</Typography.Text>
      )}
    </>
  );
}
