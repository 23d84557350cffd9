import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/me';

export function DashboardPage() {
  const { t } = useTranslation();
  const { data } = useMe();
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {t('dashboard.welcome', { name: data.user.fullName })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
    </section>
  );
}
