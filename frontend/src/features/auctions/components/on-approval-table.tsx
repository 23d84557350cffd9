import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApprovalStatus, ApprovalView } from '@/api/lot-types';
import { useCan } from '@/api/use-can';
import { StatusBadge, type StatusVariant } from '@/components/status-badge';
import { ApprovalActions } from '@/features/auctions/components/approval-actions';
import { formatDateTime } from '@/lib/dates';
import { lanePlace, lotName } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import '@/lib/i18n/strings/lots';

const VARIANT: Record<ApprovalStatus, StatusVariant> = { waiting: 'pending', countered: 'info', accepted: 'success', declined: 'danger', expired: 'default' };

/** The seller's answer in words: none yet, accepted, declined, a counter-offer (and the buyer's answer), or none by the deadline. */
function SellerAnswer({ approval }: { approval: ApprovalView }) {
  const { t } = useTranslation();
  // The last answer staff recorded (the ask sent to the seller at the close is not one).
  const last = approval.history.filter((step) => step.action !== 'asked').at(-1);
  const answer =
    approval.status === 'countered'
      ? t('lots.approval.answer.countered', { amount: formatAed(approval.counterAmount) })
      : t(`lots.approval.answer.${approval.status}`, { amount: formatAed(approval.counterAmount) });
  return (
    <Flex vertical gap={2}>
      <span>{answer}</span>
      {last && (
        <Typography.Text type="secondary">
          {t('lots.approval.recordedBy', { name: last.by.name, at: formatDateTime(last.at) })}
          {last.note ? ` · ${last.note}` : ''}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The lots closed below their reserve: who sells, who bid, the price against the reserve, the deadline (Dubai), the answers and the actions. */
export function OnApprovalTable({ rows, loading, empty }: { rows: ApprovalView[] | undefined; loading: boolean; empty: string }) {
  const { t } = useTranslation();
  const canAnswer = useCan('Auctions', 'updateStatus');
  const columns: TableColumnsType<ApprovalView> = [
    {
      key: 'lot',
      title: t('lots.approval.columns.lot'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Link to={`${paths.vehicle}/${row.lot.vehicleId}`}>{lotName(row.lot)}</Link>
          <Link to={`${paths.auctionEvent}/${row.lot.eventId}`}>
            <Typography.Text type="secondary">{lanePlace(row.lot)}</Typography.Text>
          </Link>
        </Flex>
      ),
    },
    { key: 'seller', title: t('lots.approval.columns.seller'), render: (_, row) => <Link to={`${paths.member}/${row.sellerId}`}>{row.sellerName}</Link> },
    { key: 'buyer', title: t('lots.approval.columns.buyer'), render: (_, row) => (row.buyer ? <Link to={`${paths.member}/${row.buyer.id}`}>{row.buyer.name}</Link> : t('lots.approval.noBuyer')) },
    { key: 'price', title: t('lots.approval.columns.price'), render: (_, row) => formatAed(row.price) },
    { key: 'reserve', title: t('lots.approval.columns.reserve'), render: (_, row) => formatAed(row.reservePrice) },
    { key: 'deadline', title: t('lots.approval.columns.deadline'), render: (_, row) => formatDateTime(row.deadline) },
    { key: 'status', title: t('lots.approval.columns.status'), render: (_, row) => <StatusBadge variant={VARIANT[row.status]}>{t(`lots.approval.status.${row.status}`)}</StatusBadge> },
    { key: 'answer', title: t('lots.approval.columns.answer'), render: (_, row) => <SellerAnswer approval={row} /> },
    ...(canAnswer ? [{ key: 'actions', title: t('common.actions'), render: (_: unknown, row: ApprovalView) => <ApprovalActions approval={row} /> }] : []),
  ];
  return (
    <Table<ApprovalView>
      aria-label={t('lots.approval.table')}
      rowKey={(row) => row.lot.id}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
    />
  );
}
