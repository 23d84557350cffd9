import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useAuctionEvents, type AuctionEvent, type EventLane } from '@/features/auctions/api/get-auction-events';
import type { Auction } from '@/features/auctions/api/get-auctions';
import { eventSpan } from '@/features/auctions/lib/auction-dates';
import { statusLabel, statusVariant } from '@/features/auctions/lib/auction-status';
import { paths } from '@/lib/paths';

/** 'A: 3 vehicles, runs 1-3' (a lane's runs are its first and last run numbers). */
function LaneTag({ lane }: { lane: EventLane }) {
  const { t } = useTranslation();
  const runs =
    lane.minRange !== null && lane.maxRange !== null ? t('auctions.events.runs', { from: lane.minRange, to: lane.maxRange }) : t('auctions.events.noRuns');
  return <Tag title={runs}>{t('auctions.events.lane', { lane: lane.laneLetter, count: lane.vehicleCount })}</Tag>;
}

/** The events of one auction, shown when its row unfolds: when, status, lanes with their counts, vehicles and a link to the event. */
export function AuctionEventsTable({ auction }: { auction: Auction }) {
  const { t } = useTranslation();
  const query = useAuctionEvents(auction._id);
  useErrorToast(query.error, t('auctions.errors.eventsFailed'));

  const columns: TableColumnsType<AuctionEvent> = [
    { key: 'sequence', title: t('auctions.events.number'), dataIndex: 'sequence', width: 56 },
    { key: 'date', title: t('auctions.events.date'), render: (_, event) => eventSpan(event.startDate, event.endDate) },
    {
      key: 'status',
      title: t('auctions.events.status'),
      render: (_, event) => <StatusBadge variant={statusVariant(event.auctionEventStatus)}>{statusLabel(event.auctionEventStatus)}</StatusBadge>,
    },
    {
      key: 'lanes',
      title: t('auctions.events.lanes'),
      render: (_, event) => (
        <Flex gap={4} wrap>
          {event.lanes.map((lane) => (
            <LaneTag key={lane._id} lane={lane} />
          ))}
        </Flex>
      ),
    },
    { key: 'vehicleCount', title: t('auctions.events.vehicles'), dataIndex: 'vehicleCount' },
    {
      key: 'open',
      title: t('common.actions'),
      render: (_, event) => (
        <Link to={`${paths.auctionEvent}/${event._id}`} aria-label={t('auctions.events.openLabel', { when: eventSpan(event.startDate, event.endDate) })}>
          {t('auctions.events.open')}
        </Link>
      ),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('auctions.events.title', { title: auction.auctionTitle, count: auction.eventCount })}</Typography.Text>
      <Table<AuctionEvent>
        aria-label={t('auctions.events.tableLabel', { title: auction.auctionTitle })}
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={query.data}
        loading={query.isPending}
        pagination={false}
      />
    </Flex>
  );
}
