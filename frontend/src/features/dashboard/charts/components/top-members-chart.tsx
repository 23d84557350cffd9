import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { components } from '@/api/schema';
import { useChart } from '@/features/dashboard/charts/api/get-chart';
import type { ChartPeriod } from '@/features/dashboard/charts/lib/chart-period';
import { useChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { formatAed } from '@/lib/money';
import { axisProps, barEndRadius, shortAed, tooltipProps, xAxisProps, yAxisSide } from './chart-parts';
import { ChartCard } from './chart-card';
import { FiguresTable } from './figures-table';

type TopMember = components['schemas']['TopMember'];

function MemberBars({ title, members, colour }: { title: string; members: TopMember[]; colour: string }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {title}
      </Typography.Title>
      {members.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboardCharts.noData')}</Typography.Text>
      ) : (
        <ResponsiveContainer width="100%" height={40 + members.length * 36}>
          <BarChart layout="vertical" data={members}>
            <XAxis type="number" tickFormatter={shortAed} {...xAxisProps(theme)} />
            <YAxis type="category" orientation={yAxisSide(theme, 'start')} dataKey="name" width={120} {...axisProps(theme)} />
            <Tooltip {...tooltipProps(theme)} formatter={(value) => formatAed(Number(value))} />
            <Bar dataKey="amount" name={t('dashboardCharts.top.amount')} fill={colour} radius={barEndRadius(theme)} isAnimationActive={theme.animate} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </>
  );
}

/** The members who sold and who bought the most (hammer AED) at the period's sales. */
export function TopMembersChart({ period }: { period: ChartPeriod }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const query = useChart('top-members', period);
  const columns = [t('dashboardCharts.top.member'), t('dashboardCharts.top.count'), t('dashboardCharts.top.amount')];
  const rows = (members: TopMember[]) => members.map((member) => [member.name, member.count, formatAed(member.amount)]);
  return (
    <ChartCard
      title={t('dashboardCharts.top.title')}
      description={t('dashboardCharts.top.description')}
      query={query}
      total={() => null}
      chart={(data) => (
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <MemberBars title={t('dashboardCharts.top.sellers')} members={data.sellers} colour={theme.primary} />
          </Col>
          <Col xs={24} md={12}>
            <MemberBars title={t('dashboardCharts.top.buyers')} members={data.buyers} colour={theme.good} />
          </Col>
        </Row>
      )}
      table={(data) => (
        <>
          <FiguresTable caption={t('dashboardCharts.top.sellers')} columns={columns} rows={rows(data.sellers)} />
          <FiguresTable caption={t('dashboardCharts.top.buyers')} columns={columns} rows={rows(data.buyers)} />
        </>
      )}
    />
  );
}
