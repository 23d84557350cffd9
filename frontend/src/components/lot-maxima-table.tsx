import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LotDetail, MaximumRow } from '@/api/lot-types';
import { WithdrawMaximumButton } from '@/components/withdraw-maximum-button';
import { formatDateTime } from '@/lib/dates';
import { lotName, sourceLabel, takesAbsenteeBids } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import { compareAmounts } from '@/lib/money-text';
import '@/lib/i18n/strings/lots';

/**
 * The standing maxima on a lot (staff only): member, maximum, source and when it was entered, highest first; with
 * `canEdit`, each may be withdrawn with a reason while the lot is waiting or open.
 */
export function LotMaximaTable({ lot, canEdit }: { lot: LotDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const withdrawable = canEdit && takesAbsenteeBids(lot);
  const columns: TableColumnsType<MaximumRow> = [
    { key: 'member', title: t('lots.maxima.member'), render: (_, row) => row.bidder.name },
    { key: 'maximum', title: t('lots.maxima.maximum'), render: (_, row) => formatAed(row.amount) },
    { key: 'source', title: t('lots.maxima.source'), render: (_, row) => sourceLabel(row.source) },
    { key: 'at', title: t('lots.maxima.at'), render: (_, row) => formatDateTime(row.at) },
    ...(withdrawable
      ? [{ key: 'actions', title: t('common.actions'), render: (_: unknown, row: MaximumRow) => <WithdrawMaximumButton lotId={lot.id} lotLabel={lotName(lot)} bidder={row.bidder} amount={row.amount} /> }]
      : []),
  ];
  return (
    <Table<MaximumRow>
      aria-label={t('lots.maxima.table', { lot: lotName(lot) })}
      rowKey={(row) => row.bidder.id}
      columns={columns}
      dataSource={[...lot.maxima].sort((a, b) => compareAmounts(b.amount, a.amount) || a.at.localeCompare(b.at))}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Typography.Text type="secondary">{t('lots.maxima.empty')}</Typography.Text> }}
    />
  );
}
