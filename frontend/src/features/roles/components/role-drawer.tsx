import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivilegeSummary } from '@/components/privilege-summary';
import { useSide } from '@/components/use-side';
import type { Role } from '@/features/roles/api/get-roles';

/** A role at a glance: its state and, in words, what each of its boxes allows. */
export function RoleDrawer({ role, onClose }: { role: Role | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { side } = useSide();
  return (
    <Drawer placement={side('end')} open={role !== undefined} onClose={onClose} title={role?.name} size={560} destroyOnHidden>
      {role && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'status', label: t('common.status'), children: t(role.isActive ? 'common.active' : 'common.inactive') },
              { key: 'users', label: t('roles.assignedUsers'), children: role.assignedUsers },
              { key: 'twoStep', label: t('roles.twoStep'), children: t(role.requireTwoStep ? 'roles.twoStepRequired' : 'roles.twoStepOptional') },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('roles.allows')}
          </Typography.Title>
          <PrivilegeSummary permissions={role.permissions} aria-label={t('roles.allowsNamed', { name: role.name })} />
        </Flex>
      )}
    </Drawer>
  );
}
