import { Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TodayFigures } from '@/features/dashboard/api/get-dashboard-summary';
import { TodayCard } from '@/features/dashboard/components/today-card';
import { todayFigures } from '@/features/dashboard/lib/today-figures';
import { formatDate } from '@/lib/dates';

/** What needs doing today, as cards that open their lists; only the modules the role may view. */
export function TodaySection({ today }: { today: TodayFigures }) {
  const { t } = useTranslation();
  const figures = todayFigures(today);
  return (
    <section aria-labelledby="dashboard-today-title">
      <Typography.Title level={2} id="dashboard-today-title" style={{ fontSize: 20 }}>
        {t('dashboard.today.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.today.dayOf', { day: formatDate(today.day) })}</Typography.Paragraph>
      {figures.length === 0 ? (
        <Empty description={t('dashboard.today.nothing')} />
      ) : (
        <Row gutter={[16, 16]}>
          {figures.map((figure) => (
            <Col key={figure.key} xs={24} sm={12} lg={8} xl={6}>
              <TodayCard figure={figure} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
