import { Alert, Button, Flex, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberAbsenteeBid, PersonRef } from '@/api/lot-types';
import { useMemberAbsenteeBids } from '@/api/lots';
import { useCan } from '@/api/use-can';
import { AbsenteeBidModal } from '@/components/absentee-bid-modal';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { WithdrawMaximumButton } from '@/components/withdraw-maximum-button';
import { formatDateTime } from '@/lib/dates';
import { lanePlace, lotName, lotStateLabel, takesAbsenteeBids } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import '@/lib/i18n/strings/lots';

/**
 * The member's 'Absentee bids' tab (Auctions view): every maximum staff entered for them (GET
 * /api/members/{memberId}/absentee-bids), the lot, its event, whether the member leads; with Auctions edit, 'Add
 * absentee bid' (an upcoming event, then its lot) and 'Withdraw' with a reason while the lot is waiting or open.
 */
export function MemberAbsenteeBidsTab({ member }: { member: PersonRef }) {
  const { t } = useTranslation();
  const canEdit = useCan('Auctions', 'edit');
  const query = useMemberAbsenteeBids(member.id);
  const [adding, setAdding] = useState(false);
  useErrorToast(query.error, t('lots.errors.memberBidsFailed'));

  const columns: TableColumnsType<MemberAbsenteeBid> = [
    { key: 'lot', title: t('lots.member.lot'), render: (_, bid) => <Link to={`${paths.vehicle}/${bid.lot.vehicleId}`}>{lotName(bid.lot)}</Link> },
    { key: 'event', title: t('lots.member.event'), render: (_, bid) => <Link to={`${paths.auctionEvent}/${bid.lot.eventId}`}>{lanePlace(bid.lot)}</Link> },
    { key: 'maximum', title: t('lots.member.maximum'), render: (_, bid) => formatAed(bid.maximum) },
    { key: 'asking', title: t('lots.member.asking'), render: (_, bid) => formatAed(bid.lot.asking) },
    {
      key: 'standing',
      title: t('lots.member.standing'),
      render: (_, bid) => (bid.leading ? <StatusBadge variant="success">{t('lots.member.leading')}</StatusBadge> : <StatusBadge variant="default">{t('lots.member.notLeading')}</StatusBadge>),
    },
    { key: 'state', title: t('lots.member.state'), render: (_, bid) => lotStateLabel(bid.lot) },
    { key: 'at', title: t('lots.member.at'), render: (_, bid) => formatDateTime(bid.at) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, bid: MemberAbsenteeBid) =>
              takesAbsenteeBids(bid.lot) ? <WithdrawMaximumButton lotId={bid.lot.id} lotLabel={lotName(bid.lot)} bidder={member} amount={bid.maximum} /> : null,
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('lots.member.intro')}</Typography.Text>
        {canEdit && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('lots.absentee.add')}
          </Button>
        )}
      </Flex>
      {query.isPending ? (
        <Spin description={t('lots.member.loading')} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={t('lots.errors.memberBidsFailed')} action={<Button onClick={() => void query.refetch()}>{t('lots.retry')}</Button>} />
      ) : (
        <Table<MemberAbsenteeBid>
          aria-label={t('lots.member.table')}
          rowKey={(bid) => bid.lot.id}
          columns={columns}
          dataSource={query.data.data}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <Typography.Text type="secondary">{t('lots.member.empty')}</Typography.Text> }}
        />
      )}
      <AbsenteeBidModal open={adding} onClose={() => setAdding(false)} member={member} />
    </Flex>
  );
}
