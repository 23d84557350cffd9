import { CarOutlined } from '@ant-design/icons';
import { Flex, Image, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import type { AuctionEvent, EventRun } from '@/features/auctions/api/get-event';
import { RunHammer, RunResult, useLot } from '@/features/auctions/components/event-result';
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
  if (!thumbnail) return <CarOutlined aria-label={alt} style={{ fontSize: 22, opacity: 0.45 }} />;
  // A small thumbnail keeps the row one line of text tall; the preview shows the photo itself.
  return <Image src={thumbnail} preview={images[0] ? { src: images[0] } : false} alt={alt} width={40} height={30} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}

/**
 * A server page of the event's vehicles in run order: the lot pinned at the start, its title (links to the vehicle),
 * the hammer price and the result, then the rest; remove and transfer for the rows without a result. The reserve and
 * opening prices and the seller are hidden until shown from the column chooser (issue 29: the list fits a 1440 px screen).
 */
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
    { key: 'lot', title: t('auctionEvents.columns.lot'), fixed: 'start', render: (_, run) => <Link to={`${paths.vehicle}/${run.vehicleId}`}>{lot(run)}</Link> },
    {
      key: 'title',
      title: t('auctionEvents.columns.title'),
      render: (_, run) => (
        <CellText text={run.vehicle.title} max={140}>
          <Link to={`${paths.vehicle}/${run.vehicleId}`}>{run.vehicle.title}</Link>
        </CellText>
      ),
    },
    { key: 'hammer', title: t('auctionEvents.columns.hammer'), align: 'end', render: (_, run) => <RunHammer run={run} /> },
    { key: 'result', title: t('auctionEvents.columns.result'), render: (_, run) => <RunResult run={run} /> },
    { key: 'reserve', title: t('auctionEvents.columns.reserve'), align: 'end', hidden: true, render: (_, run) => (run.vehicle.reservePrice === null ? t('auctionEvents.noReserve') : formatAed(run.vehicle.reservePrice)) },
    { key: 'opening', title: t('auctionEvents.columns.opening'), align: 'end', hidden: true, render: (_, run) => formatAed(run.vehicle.openingPrice) },
    { key: 'seller', title: t('auctionEvents.columns.seller'), hidden: true, render: (_, run) => run.vehicle.sellerName },
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
      <DataTable<EventRun> listKey="event-vehicles" cardColumns={['lot', 'hammer', 'result']}
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
