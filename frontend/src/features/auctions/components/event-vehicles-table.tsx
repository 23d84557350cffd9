import { CarOutlined } from '@ant-design/icons';
import { Flex, Image, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import type { AuctionEvent, EventRun } from '@/features/auctions/api/get-event';
import { RunResult, useLot } from '@/features/auctions/components/event-result';
import { EventRunActions } from '@/features/auctions/components/event-run-actions';
import { useAbsenteeColumn } from '@/features/auctions/components/use-absentee-column';
import { eventTakesVehicles } from '@/features/auctions/components/event-status';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import type { ListControls } from '@/lib/use-list-params';

interface EventVehiclesTableProps {
  event: AuctionEvent;
  rows: EventRun[] | undefined;
  total: number;
  loading: boolean;
  list: ListControls;
  /** The table's name ("Vehicles of lane A"). */
  label: string;
  /** The lane column, on the tab of every lane. */
  showLane: boolean;
  /** The sentence shown when there is no row ("No vehicles are placed in lane A yet."). */
  empty: string;
  onTransfer: (runs: EventRun[], done?: () => void) => void;
}

function RunPhoto({ run, alt }: { run: EventRun; alt: string }) {
  const { thumbnail, images } = run.vehicle;
  if (!thumbnail) return <CarOutlined aria-label={alt} style={{ fontSize: 28, opacity: 0.45 }} />;
  return <Image src={thumbnail} preview={images[0] ? { src: images[0] } : false} alt={alt} width={64} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}

/** A server page of the event's vehicles in run order: photo, lot and title (links to the vehicle), prices and result; remove and transfer for the rows without a result. */
export function EventVehiclesTable({ event, rows, total, loading, list, label, showLane, empty, onTransfer }: EventVehiclesTableProps) {
  const { t } = useTranslation();
  const lot = useLot();
  const canEdit = useCan('Auctions', 'edit') && eventTakesVehicles(event);
  const movable = (run: EventRun) => run.outcome === null && run.isCurrent;
  const absentee = useAbsenteeColumn(event._id);

  const columns: TableColumnsType<EventRun> = [
    ...(showLane ? [{ key: 'lane', title: t('auctionEvents.columns.lane'), dataIndex: 'lane' }] : []),
    { key: 'run', title: t('auctionEvents.columns.run'), dataIndex: 'runNumber' },
    { key: 'photo', title: t('auctionEvents.columns.photo'), render: (_, run) => <RunPhoto run={run} alt={t('auctionEvents.photoOf', { lot: lot(run) })} /> },
    { key: 'lot', title: t('auctionEvents.columns.lot'), render: (_, run) => <Link to={`${paths.vehicle}/${run.vehicleId}`}>{lot(run)}</Link> },
    {
      key: 'title',
      title: t('auctionEvents.columns.title'),
      render: (_, run) => (
        <Link to={`${paths.vehicle}/${run.vehicleId}`}>
          <CellText text={run.vehicle.title} />
        </Link>
      ),
    },
    { key: 'seller', title: t('auctionEvents.columns.seller'), render: (_, run) => run.vehicle.sellerName },
    { key: 'opening', title: t('auctionEvents.columns.opening'), render: (_, run) => formatAed(run.vehicle.openingPrice) },
    { key: 'reserve', title: t('auctionEvents.columns.reserve'), render: (_, run) => (run.vehicle.reservePrice === null ? t('auctionEvents.noReserve') : formatAed(run.vehicle.reservePrice)) },
    { key: 'result', title: t('auctionEvents.columns.result'), render: (_, run) => <RunResult run={run} /> },
    absentee.column,
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, run) =>
        movable(run) ? (
          <Flex gap={4}>
            <EventRunActions eventId={event._id} runs={[run]} onTransfer={onTransfer} compact />
          </Flex>
        ) : null,
    });
  }

  return (
    <>
      <DataTable<EventRun> listKey="event-vehicles"
        aria-label={label}
        columns={columns}
        rows={rows}
        total={total}
        loading={loading}
        list={list}
        rowName={lot}
        empty={empty}
        bulkActions={
          canEdit
            ? (ids, clear) => {
                const chosen = (rows ?? []).filter((run) => ids.includes(run._id));
                return <EventRunActions eventId={event._id} runs={chosen} onTransfer={onTransfer} onDone={clear} />;
              }
            : undefined
        }
      />
      {absentee.dialogs}
    </>
  );
}
