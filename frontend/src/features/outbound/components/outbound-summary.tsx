import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { OutboundList, OutboundStatus } from '@/features/outbound/api/get-outbound-payments';
import { thisMonthRange, type OutboundFilter } from '@/features/outbound/lib/outbound-filters';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface OutboundSummaryProps {
  data: OutboundList | undefined;
  list: ListControls<OutboundFilter>;
  loading: boolean;
}

/**
 * Pending, Completed this month and Cancelled: count and AED (over all payouts and refunds), with payouts and refunds
 * apart for the pending and the cancelled. A card filters the list (this month's completed: status and dates), a
 * second click clears it.
 */
export function OutboundSummary({ data, list, loading }: OutboundSummaryProps) {
  const { t } = useTranslation();
  const { status, dates } = list.filters;
  const month = thisMonthRange();
  const byKind = (value: OutboundStatus) =>
    data?.totalsByKind
      ? t('outbound.summary.byKind', { payouts: data.totalsByKind.payout?.[value]?.count ?? 0, refunds: data.totalsByKind.refund?.[value]?.count ?? 0 })
      : undefined;
  const detail = (amount: number | undefined, kinds?: string) =>
    data ? (
      <Flex vertical>
        <span>{formatAed(amount ?? 0)}</span>
        {kinds && <span>{kinds}</span>}
      </Flex>
    ) : undefined;
  const byStatus = (value: OutboundStatus, label: string) => ({
    key: value,
    label,
    value: data ? (data.totals[value]?.count ?? 0) : undefined,
    detail: detail(data?.totals[value]?.amount, byKind(value)),
    onClick: () => list.setFilter('status', status === value ? undefined : value),
    active: status === value,
  });
  const monthActive = status === 'Completed' && dates === month;
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={loading}
      items={[
        byStatus('Pending', t('outbound.summary.pending')),
        {
          key: 'completedThisMonth',
          label: t('outbound.summary.completedThisMonth'),
          value: data ? (data.completedThisMonth?.count ?? 0) : undefined,
          detail: detail(data?.completedThisMonth?.amount),
          onClick: () => list.setFilters(monthActive ? { status: undefined, dates: undefined } : { status: 'Completed', dates: month }),
          active: monthActive,
        },
        byStatus('Canceled', t('outbound.summary.cancelled')),
      ]}
    />
  );
}
