import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@/api/me';
import { enumLabel } from '@/lib/enum-label';

export function UserDetails({ user }: { user: MeResponse['user'] }) {
  const { t } = useTranslation();
  const missing = t('common.notAvailable');
  return (
    <Card title={t('profile.userDetails')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('profile.fullName'), children: user.fullName },
          { key: 'email', label: t('profile.email'), children: user.email },
          { key: 'phone', label: t('profile.phone'), children: user.phone || missing },
          { key: 'role', label: t('profile.role'), children: user.rolePermissionData?.name ?? missing },
          {
            key: 'status',
            label: t('profile.accountStatus'),
            children: <Tag color={user.userAccountStatus === 'Active' ? 'green' : 'default'}>{enumLabel('AccountStatus', user.userAccountStatus)}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
