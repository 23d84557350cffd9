import { Card, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TodayFigure } from '@/features/dashboard/lib/today-figures';
import { formatAed } from '@/lib/money';

/** One Today figure: its count, the AED or the lanes and vehicles with it, as a link to its list already filtered. */
export function TodayCard({ figure }: { figure: TodayFigure }) {
  const { t } = useTranslation();
  const detail =
    figure.amount !== undefined
      ? figure.stillToPay
        ? t('dashboard.today.stillToPay', { amount: formatAed(figure.amount) })
        : formatAed(figure.amount)
      : figure.events
        ? t('dashboard.today.lanesAndVehicles', { lanes: figure.events.lanes, count: figure.events.vehicles })
        : figure.channels
          ? t('dashboard.today.channels', figure.channels)
          : undefined;
  return (
    <Link to={figure.to} style={{ display: 'block', height: '100%' }}>
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Statistic title={t(`dashboard.today.figures.${figure.key}`)} value={figure.count} />
        {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      </Card>
    </Link>
  );
}
