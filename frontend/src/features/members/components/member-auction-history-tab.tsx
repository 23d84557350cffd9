import { Alert, Button, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText } from '@/components/data-table';
import { useErrorToast } from '@/components/use-error-toast';
import { useMemberAuctionHistory, type MemberAuctionRun } from '@/features/members/api/get-member-auction-history';
import { dubaiDay, formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 10;

/**
 * 'Auction History': every run of the member's vehicles (as seller, whatever its result) and every vehicle they
 * bought (as buyer), newest event first, with auction, event (a link to its page), lane and run, the vehicle (a
 * link to its page), outcome and price.
 */
export function MemberAuctionHistoryTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canViewAuctions = useCan('Auctions', 'view');
  const canViewVehicles = useCan('Vehicles', 'view');
  const query = useMemberAuctionHistory(memberId);
  // Today in Dubai, as the tab opened: whether a run without a result still waits for its sale day.
  const [today] = useState(() => dubaiDay(Date.now()));
  useErrorToast(query.error, t('members.errors.auctionHistoryFailed'));

  const outcome = (run: MemberAuctionRun) => {
    if (run.outcome === 'sold') return t('members.auctionHistory.sold');
    if (run.outcome === 'notSold') return t('members.auctionHistory.noSale');
    // No result yet: before the sale day (the Dubai date of the event's start) the run waits for it.
    const saleDay = dubaiDay(run.eventDate);
    return t(saleDay && today && saleDay > today ? 'members.auctionHistory.waiting' : 'members.auctionHistory.notYetSold');
  };

  const columns: TableColumnsType<MemberAuctionRun> = [
    { key: 'role', title: t('members.auctionHistory.role'), render: (_, run) => t(run.role === 'buyer' ? 'members.auctionHistory.roles.buyer' : 'members.auctionHistory.roles.seller') },
    { key: 'auction', title: t('members.auctionHistory.auction'), render: (_, run) => <CellText text={run.auctionTitle} /> },
    {
      key: 'event',
      title: t('members.auctionHistory.event'),
      render: (_, run) => {
        const date = formatDate(run.eventDate);
        return canViewAuctions ? <Link to={`${paths.auctionEvent}/${run.eventId}`}>{date}</Link> : date;
      },
    },
    { key: 'laneRun', title: t('members.auctionHistory.laneRun'), render: (_, run) => t('members.auctionHistory.laneRunValue', { lane: run.lane, run: run.runNumber }) },
    {
      key: 'vehicle',
      title: t('members.auctionHistory.vehicle'),
      render: (_, run) => {
        const text = t('members.auctionHistory.vehicleValue', { lot: run.vehicleLotNumber, title: run.vehicleTitle });
        return canViewVehicles ? (
          <Link to={`${paths.vehicle}/${run.vehicleId}`}>
            <CellText text={text} />
          </Link>
        ) : (
          <CellText text={text} />
        );
      },
    },
    { key: 'outcome', title: t('members.auctionHistory.outcome'), render: (_, run) => outcome(run) },
    { key: 'price', title: t('members.auctionHistory.price'), render: (_, run) => formatAed(run.soldFor) },
  ];

  if (query.isPending) return <Spin aria-label={t('members.auctionHistory.loading')} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('members.errors.auctionHistoryFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('members.auctionHistory.retry')}</Button>}
      />
    );
  }
  return (
    <Table<MemberAuctionRun>
      aria-label={t('members.auctionHistory.table')}
      rowKey={(run) => `${run.role}-${run.runId}`}
      columns={columns}
      dataSource={query.data.data}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('members.auctionHistory.empty') }}
      pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
