import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

interface ChartCardProps<T> {
  title: string;
  /** What the chart measures, in a sentence. */
  description: string;
  query: UseQueryResult<T>;
  /** The headline figure above the chart. */
  total: (data: T) => ReactNode;
  /** The drawing (hidden from screen readers, which read the table instead). */
  chart: (data: T) => ReactNode;
  /** The figures as a table, visually hidden: what screen readers (and the tests) read. */
  table: (data: T) => ReactNode;
}

/** A chart in a card: title, the sentence saying what it measures, its headline figure, the drawing and its table. */
export function ChartCard<T>({ title, description, query, total, chart, table }: ChartCardProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = query;
  return (
    <Card title={<span id={titleId}>{title}</span>} role="region" aria-labelledby={titleId} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {data === undefined && query.isError && <Alert type="error" showIcon title={errorMessage(query.error, t('dashboardCharts.loadFailed'))} />}
      {data === undefined && !query.isError && <Skeleton active paragraph={{ rows: 5 }} />}
      {data !== undefined && (
        <>
          <Typography.Text strong>{total(data)}</Typography.Text>
          <div aria-hidden="true" style={{ marginTop: 12, opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {chart(data)}
          </div>
          {table(data)}
        </>
      )}
    </Card>
  );
}
