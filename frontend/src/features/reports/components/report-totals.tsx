import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TotalItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** A report's totals for the whole period (not only the page shown), as labelled figures. */
export function ReportTotals({ items, title }: { items: TotalItem[]; title?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={typeof title === 'string' ? title : t('reports.totals')}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 3, xl: 4 }}
        title={title ?? t('reports.totals')}
        items={items.map((item) => ({ key: item.key, label: item.label, children: item.value }))}
      />
    </section>
  );
}
