import { Alert, Button, Flex, Skeleton, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/me';
import { useDashboardSummary } from '@/features/dashboard/api/get-dashboard-summary';
import { TodaySection } from '@/features/dashboard/components/today-section';
import { TotalsSection } from '@/features/dashboard/components/totals-section';
import '@/lib/i18n/strings/dashboard';
import '@/lib/i18n/strings/dashboard-totals';
import '@/lib/i18n/strings/members';
import '@/lib/i18n/strings/vehicles';

// The charts and their library load only on this page, after the figures (a chunk of its own).
const DashboardCharts = lazy(() => import('../charts/dashboard-charts'));

/** /dashboard: what needs doing today, the totals, then the charts; each part only for the modules the role views. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const summary = useDashboardSummary();
  return (
    <Flex vertical gap={24}>
      <header>
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {me ? t('dashboard.welcome', { name: me.user.fullName }) : t('nav.dashboard')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
      </header>
      {summary.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed')}
          action={
            <Button size="small" onClick={() => void summary.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      ) : summary.data ? (
        <>
          <TodaySection today={summary.data.today} />
          <TotalsSection totals={summary.data.totals} />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
      {/* The charts' chunk is asked for once the figures are in: its download and parse never delay them. */}
      {(summary.data || summary.isError) && (
        <Suspense fallback={<Spin />}>
          <DashboardCharts />
        </Suspense>
      )}
    </Flex>
  );
}
