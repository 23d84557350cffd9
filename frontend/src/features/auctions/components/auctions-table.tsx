import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Tabs, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import { HistoryTab } from '@/components/history-tab';
import { StatusBadge } from '@/components/status-badge';
import type { Auction, AuctionList } from '@/features/auctions/api/get-auctions';
import { AuctionBulkActions } from '@/features/auctions/components/auction-bulk-actions';
import { AuctionEventsTable } from '@/features/auctions/components/auction-events-table';
import { AuctionStatusAction } from '@/features/auctions/components/auction-status-action';
import type { AuctionFilter } from '@/features/auctions/lib/auction-filters';
import { canDeleteFrom, LIST_STATUS, type AuctionListName } from '@/features/auctions/lib/auction-lists';
import { repeatLabel, typeLabel } from '@/features/auctions/lib/auction-options';
import { statusLabel, statusVariant, transitionOptions } from '@/features/auctions/lib/auction-status';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface AuctionsTableProps {
  list: AuctionListName;
  data: AuctionList | undefined;
  loading: boolean;
  controls: ListControls<AuctionFilter>;
}

/**
 * One auction list, a server page at a time: the title pinned at the start, the status and the next event right after
 * it and the schedule before the terms, in view without scrolling; each row unfolds to its events, the last column
 * changes the status. The type, lanes and events (a row unfolds to its events), the first event's day, the
 * counter-bid time and who created it when are hidden until shown from the column chooser (issue 29: the list fits a 1440 px screen).
 */
export function AuctionsTable({ list, data, loading, controls }: AuctionsTableProps) {
  const { t } = useTranslation();
  const movable = transitionOptions(LIST_STATUS[list]).length > 0;
  const canStatus = useCan('Auctions', 'updateStatus') && movable;
  const canDelete = useCan('Auctions', 'delete') && canDeleteFrom(list);

  const columns: TableColumnsType<Auction> = [
    {
      key: 'auctionTitle',
      title: t('auctions.columns.title'),
      fixed: 'start',
      sorter: true,
      render: (_, auction) => <CellText text={auction.auctionTitle} max={140} />,
    },
    {
      key: 'status',
      title: t('auctions.columns.status'),
      render: (_, auction) => <StatusBadge variant={statusVariant(auction.status)}>{statusLabel(auction.status)}</StatusBadge>,
    },
    { key: 'nextEventDate', title: t('auctions.columns.nextEvent'), render: (_, auction) => formatDateTime(auction.nextEventDate) },
    { key: 'location', title: t('auctions.columns.location'), render: (_, auction) => <CellText text={auction.location.title} max={100} /> },
    { key: 'auctionType', title: t('auctions.columns.type'), hidden: true, render: (_, auction) => typeLabel(auction.auctionType) },
    { key: 'laneCount', title: t('auctions.columns.lanes'), align: 'end', hidden: true, dataIndex: 'laneCount' },
    { key: 'eventCount', title: t('auctions.columns.events'), align: 'end', hidden: true, dataIndex: 'eventCount' },
    { key: 'totalVehicleCount', title: t('auctions.columns.vehicles'), align: 'end', dataIndex: 'totalVehicleCount' },
    { key: 'bidIncrementAmount', title: t('auctions.columns.bidIncrement'), align: 'end', render: (_, auction) => formatAed(auction.bidIncrementAmount) },
    { key: 'repeatType', title: t('auctions.columns.repeat'), render: (_, auction) => repeatLabel(auction.repeatType) },
    { key: 'firstEventDate', title: t('auctions.columns.firstEvent'), hidden: true, sorter: true, render: (_, auction) => formatDate(auction.firstEventDate) },
    { key: 'counterBidTime', title: t('auctions.columns.counterBid'), hidden: true, render: (_, auction) => t('auctions.form.seconds', { count: auction.counterBidTime }) },
    { key: 'createdBy', title: t('auctions.columns.createdBy'), hidden: true, render: (_, auction) => auction.createdBy?.fullName ?? t('common.notAvailable') },
    { key: 'createdAt', title: t('auctions.columns.created'), hidden: true, sorter: true, render: (_, auction) => formatDate(auction.createdAt) },
  ];
  if (canStatus) {
    columns.push({ key: 'actions', title: t('common.actions'), render: (_, auction) => <AuctionStatusAction auction={auction} /> });
  }

  return (
    <DataTable<Auction> listKey={`auctions-${list}`} cardColumns={['auctionTitle', 'status', 'nextEventDate']}
      aria-label={t(`auctions.tableLabel.${list}`)}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={controls}
      rowName={(auction) => auction.auctionTitle}
      bulkActions={canStatus || canDelete ? (ids, clear) => <AuctionBulkActions list={list} ids={ids} auctions={data?.data ?? []} onDone={clear} /> : undefined}
      expandable={{
        expandedRowRender: (auction) => (
          <Tabs
            size="small"
            items={[
              { key: 'events', label: t('auctions.columns.events'), children: <AuctionEventsTable auction={auction} /> },
              { key: 'history', label: t('audit.history.title'), children: <HistoryTab entity="auction" entityId={auction._id} /> },
            ]}
          />
        ),
        expandIcon: ({ expanded, onExpand, record }) => (
          <Button
            type="text"
            size="small"
            icon={expanded ? <DownOutlined /> : <RightOutlined />}
            aria-expanded={expanded}
            aria-label={t(expanded ? 'auctions.events.hide' : 'auctions.events.show', { title: record.auctionTitle })}
            onClick={(event) => onExpand(record, event)}
          />
        ),
      }}
    />
  );
}
