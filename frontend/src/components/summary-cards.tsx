import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';

export interface SummaryItem {
  key: string;
  label: ReactNode;
  value: number | undefined;
  /** A second line under the count (the AED sum of the invoices counted). */
  detail?: ReactNode;
  /** Makes the card a button (for example: filter the list by this status). */
  onClick?: () => void;
  /** A clickable card that is currently applied. */
  active?: boolean;
}

interface SummaryCardsProps {
  items: SummaryItem[];
  'aria-label': string;
  loading?: boolean;
}

function onKey(handler: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handler();
    }
  };
}

/** A row of count cards above a list. */
export function SummaryCards({ items, loading, ...rest }: SummaryCardsProps) {
  const span = Math.max(6, Math.floor(24 / Math.max(items.length, 1)));
  return (
    <section aria-label={rest['aria-label']}>
      <Row gutter={[16, 16]}>
        {items.map((item) => {
          const clickable = item.onClick !== undefined;
          return (
            <Col key={item.key} xs={24} sm={12} lg={span}>
              <Card
                size="small"
                hoverable={clickable}
                role={clickable ? 'button' : undefined}
                tabIndex={clickable ? 0 : undefined}
                aria-pressed={clickable ? Boolean(item.active) : undefined}
                onClick={item.onClick}
                onKeyDown={item.onClick ? onKey(item.onClick) : undefined}
                style={item.active ? { borderColor: 'var(--gavel-primary)' } : undefined}
              >
                <Statistic title={item.label} value={item.value ?? 0} loading={loading && item.value === undefined} />
                {item.detail !== undefined && <Typography.Text type="secondary">{item.detail}</Typography.Text>}
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
