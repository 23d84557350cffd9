import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@/api/me';
import { formatDateTime } from '@/lib/dates';

export function SessionDetails({ session }: { session: MeResponse['session'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('profile.currentSession')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'device', label: t('profile.device'), children: session.deviceName },
          { key: 'os', label: t('profile.operatingSystem'), children: session.operatingSystem },
          { key: 'browser', label: t('profile.browser'), children: session.browserName },
          { key: 'ip', label: t('profile.ipAddress'), children: session.ipAddress },
          { key: 'created', label: t('profile.signedIn'), children: formatDateTime(session.createdAt) },
          { key: 'last', label: t('profile.lastActive'), children: formatDateTime(session.lastActiveAt) },
        ]}
      />
    </Card>
  );
}
