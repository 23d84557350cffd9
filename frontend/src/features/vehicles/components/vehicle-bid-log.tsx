import { Alert, Button, Flex, Spin, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BidRow, LotDetail } from '@/api/lot-types';
import { useErrorToast } from '@/components/use-error-toast';
import { StatusBadge } from '@/components/status-badge';
import { useVehicleLots } from '@/features/vehicles/api/get-vehicle-lots';
import { APP_TIME_ZONE } from '@/lib/dates';
import { lanePlace, lotStateLabel, sourceLabel } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import '@/lib/i18n/strings/lots';

/** A bid's moment to the second, in Dubai: bids come seconds apart. */
const bidTime = (at: string) => dayjs.utc(at).tz(APP_TIME_ZONE).format('DD/MM/YYYY HH:mm:ss');

/** Accepted (by the engine for a maximum: 'proxy'), refused with the reason, or a maximum withdrawn with its reason. */
function Outcome({ bid }: { bid: BidRow }) {
  const { t } = useTranslation();
  if (bid.withdrawal) {
    return (
      <Flex vertical gap={2}>
        <StatusBadge variant="default">{t('lots.log.withdrawn')}</StatusBadge>
        {(bid.reason ?? bid.note) && <Typography.Text type="secondary">{bid.reason ?? bid.note}</Typography.Text>}
      </Flex>
    );
  }
  if (!bid.accepted) {
    return (
      <Flex vertical gap={2}>
        <StatusBadge variant="danger">{t('lots.log.refused')}</StatusBadge>
        {bid.reason && <Typography.Text type="secondary">{bid.reason}</Typography.Text>}
      </Flex>
    );
  }
  return <StatusBadge variant="success">{bid.automatic ? t('lots.log.acceptedProxy') : t('lots.log.accepted')}</StatusBadge>;
}

/** One lot's bid log, in the order the server kept it (by sequence). */
function LotLog({ lot }: { lot: LotDetail }) {
  const { t } = useTranslation();
  const heading = t('lots.log.heading', { place: lanePlace(lot), state: lotStateLabel(lot) });
  const columns: TableColumnsType<BidRow> = [
    { key: 'sequence', title: t('lots.log.sequence'), dataIndex: 'sequence' },
    { key: 'at', title: t('lots.log.at'), render: (_, bid) => bidTime(bid.at) },
    { key: 'source', title: t('lots.log.source'), render: (_, bid) => sourceLabel(bid.source) },
    { key: 'bidder', title: t('lots.log.bidder'), render: (_, bid) => bid.bidder?.name ?? t('lots.log.floorBidder') },
    { key: 'enteredBy', title: t('lots.log.enteredBy'), render: (_, bid) => bid.enteredBy?.name ?? t('lots.log.online') },
    { key: 'amount', title: t('lots.log.amount'), render: (_, bid) => formatAed(bid.amount) },
    { key: 'maximum', title: t('lots.log.maximum'), render: (_, bid) => (bid.maximum === null ? '' : formatAed(bid.maximum)) },
    { key: 'outcome', title: t('lots.log.outcome'), render: (_, bid) => <Outcome bid={bid} /> },
  ];
  return (
    <section aria-label={heading}>
      <Typography.Title level={5}>{heading}</Typography.Title>
      {lot.price !== null && (
        <Typography.Paragraph type="secondary">{t('lots.log.summary', { price: formatAed(lot.price), leader: lot.leader?.name ?? t('lots.log.floorBidder'), count: lot.bidCount })}</Typography.Paragraph>
      )}
      <Table<BidRow>
        aria-label={t('lots.log.table', { place: lanePlace(lot) })}
        rowKey="sequence"
        columns={columns}
        dataSource={lot.bids}
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('lots.log.empty')}</Typography.Text> }}
      />
    </section>
  );
}

/**
 * 'Bid log' on the vehicle's Auction Details tab (Auctions view): each lot of the vehicle with every bid, accepted
 * or refused with its reason, its time to the second (Dubai), source, bidder, who entered it, amount and the maximum
 * behind it (staff only see maxima; this is the staff app).
 */
export function VehicleBidLog({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation();
  const query = useVehicleLots(vehicleId, true);
  useErrorToast(query.error, t('lots.errors.bidLogFailed'));

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('lots.log.title')}
      </Typography.Title>
      {query.isPending ? (
        <Spin description={t('lots.log.loading')} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={t('lots.errors.bidLogFailed')} action={<Button onClick={() => void query.refetch()}>{t('lots.retry')}</Button>} />
      ) : query.data.data.length === 0 ? (
        <Typography.Text type="secondary">{t('lots.log.noLots')}</Typography.Text>
      ) : (
        query.data.data.map((lot) => <LotLog key={lot.id} lot={lot} />)
      )}
    </Flex>
  );
}
