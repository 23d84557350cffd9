import { Alert, Button, Descriptions, Empty, Flex, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { useErrorToast } from '@/components/use-error-toast';
import { useVehicleAuctionHistory, type VehicleRun } from '@/features/vehicles/api/get-vehicle-auction-history';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { MemberLink } from '@/features/vehicles/components/member-info';
import { VehicleBidLog } from '@/features/vehicles/components/vehicle-bid-log';
import { sellerName } from '@/features/vehicles/components/seller-select';
import { dubaiDay, formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

type Buyer = NonNullable<Vehicle['buyerInfo']>['buyerProfile'];

/** The event's sale day (in Dubai), a link to the event's page for a role that may view auctions. */
function EventLink({ run }: { run: VehicleRun }) {
  const canViewAuctions = useCan('Auctions', 'view');
  const date = formatDate(run.eventDate);
  return canViewAuctions ? <Link to={`${paths.auctionEvent}/${run.eventId}`}>{date}</Link> : <>{date}</>;
}

/**
 * A run's result: sold (to whom, when the run is the vehicle's sale and its buyer is known, and for how much), no
 * sale, or none yet: waiting for the sale day (the Dubai date of the event's start), or not yet sold once it came.
 */
function RunResult({ run, today, buyer }: { run: VehicleRun; today: string | null; buyer?: Buyer | null }) {
  const { t } = useTranslation();
  if (run.outcome === 'sold') {
    const price = formatAed(run.soldFor);
    if (!buyer) return <>{t('vehicles.auction.soldFor', { price })}</>;
    return <Trans i18nKey="vehicles.auction.soldTo" values={{ name: sellerName(buyer), price }} components={{ buyer: <MemberLink member={buyer} /> }} />;
  }
  if (run.outcome === 'notSold') return <>{t('vehicles.auction.noSale')}</>;
  const saleDay = dubaiDay(run.eventDate);
  return <>{t(saleDay && today && saleDay > today ? 'vehicles.auction.waiting' : 'vehicles.auction.notYetSold')}</>;
}

/**
 * The 'Auction Details' tab: the vehicle's current run (the event it is in now) or, when it is in none, its last
 * run, with auction, event (a link to its page), sale day, lane, run and result; then every earlier run; then, for a
 * role that may view auctions, the bid log of each of the vehicle's lots.
 */
export function AuctionDetails({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const canViewAuctions = useCan('Auctions', 'view');
  const query = useVehicleAuctionHistory(vehicle._id);
  // Today in Dubai, as the tab opened: whether a run without a result still waits for its sale day.
  const [today] = useState(() => dubaiDay(Date.now()));
  useErrorToast(query.error, t('vehicles.errors.auctionHistoryFailed'));

  if (query.isPending) return <Spin description={t('vehicles.auction.loading')} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('vehicles.errors.auctionHistoryFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('vehicles.auction.retry')}</Button>}
      />
    );
  }
  const runs = query.data.data;
  if (runs.length === 0) return <Empty description={t('vehicles.auction.never')} />;

  // The current run places the vehicle in its event now, or sold it; a run without a sale ends the placement.
  const current = runs.find((run) => (vehicle.eventId !== null && run.eventId === vehicle.eventId && run.outcome !== 'notSold') || (vehicle.status === 'sold' && run.outcome === 'sold'));
  const shown = current ?? runs[0];
  const earlier = runs.filter((run) => run !== shown);
  const headline = t(current ? 'vehicles.auction.current' : 'vehicles.auction.last');
  const buyerOf = (run: VehicleRun) => (run === current && vehicle.status === 'sold' ? vehicle.buyerInfo?.buyerProfile : null);

  const columns: TableColumnsType<VehicleRun> = [
    { key: 'auction', title: t('vehicles.auction.auction'), dataIndex: 'auctionTitle' },
    { key: 'event', title: t('vehicles.auction.event'), render: (_, run) => <EventLink run={run} /> },
    { key: 'lane', title: t('vehicles.auction.lane'), dataIndex: 'lane' },
    { key: 'run', title: t('vehicles.auction.run'), dataIndex: 'runNumber' },
    { key: 'result', title: t('vehicles.auction.result'), render: (_, run) => <RunResult run={run} today={today} /> },
  ];

  return (
    <Flex vertical gap={16}>
      {!current && <Alert type="info" showIcon title={t('vehicles.auction.notInEvent')} />}
      {shown && (
        <section aria-label={headline}>
          <Descriptions
            title={headline}
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'auction', label: t('vehicles.auction.auction'), children: shown.auctionTitle },
              { key: 'event', label: t('vehicles.auction.event'), children: <EventLink run={shown} /> },
              { key: 'lane', label: t('vehicles.auction.lane'), children: shown.lane },
              { key: 'run', label: t('vehicles.auction.run'), children: shown.runNumber },
              { key: 'result', label: t('vehicles.auction.result'), span: 'filled', children: <RunResult run={shown} today={today} buyer={buyerOf(shown)} /> },
            ]}
          />
        </section>
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('vehicles.auction.earlier')}
      </Typography.Title>
      {earlier.length > 0 ? (
        <Table<VehicleRun>
          aria-label={t('vehicles.auction.earlier')}
          rowKey="runId"
          columns={columns}
          dataSource={earlier}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      ) : (
        <Typography.Text type="secondary">{t('vehicles.auction.noEarlier')}</Typography.Text>
      )}
      {canViewAuctions && <VehicleBidLog vehicleId={vehicle._id} />}
    </Flex>
  );
}
