import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Flex, Result, Space, Spin, Typography, theme } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { buyersQueryOptions } from '@/features/auctions/api/find-buyers';
import { useEvent, type EventRun } from '@/features/auctions/api/get-event';
import { laneRunsKey, useLaneRuns, type LaneRuns } from '@/features/auctions/api/get-lane-vehicles';
import { useRecordResultMutation, type ResultIn } from '@/features/auctions/api/record-results';
import { EventStatusBadge } from '@/features/auctions/components/event-status';
import type { ChosenBuyer } from '@/features/auctions/components/lane-buyer-select';
import { LaneFullScreenButton, useFullScreen } from '@/features/auctions/components/lane-full-screen';
import { LaneResultForm, type ResultDraft } from '@/features/auctions/components/lane-result-form';
import { sameResult, useResultToast } from '@/features/auctions/components/lane-result-toast';
import { LaneStats } from '@/features/auctions/components/lane-stats';
import { LaneUpcoming } from '@/features/auctions/components/lane-upcoming';
import { LaneVehicle } from '@/features/auctions/components/lane-vehicle';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';
import '@/lib/i18n/strings/auction-events';
import '@/lib/i18n/strings/auctions';

const SUMMARY = { pageNo: 1, limit: 1 } as const;

/** The result that 'Undo last result' takes back: the last one recorded here, else the latest the lane holds. */
function lastRecorded(runs: EventRun[], recordedHere: string[]): EventRun | undefined {
  for (const id of [...recordedHere].reverse()) {
    const run = runs.find((one) => one._id === id && one.outcome !== null);
    if (run) return run;
  }
  return runs
    .filter((run) => run.outcome !== null && run.recordedAt !== null)
    .sort((a, b) => Date.parse(b.recordedAt ?? '') - Date.parse(a.recordedAt ?? '') || b.runNumber - a.runNumber)[0];
}

/** The run as it reads once `result` is recorded: shown at once, replaced by the server's answer. */
function expectedRun(run: EventRun, result: ResultIn, buyer?: ChosenBuyer): EventRun {
  const sold = result.outcome === 'sold';
  return {
    ...run,
    outcome: result.outcome,
    isCurrent: result.outcome !== 'notSold',
    buyer: sold && buyer ? { _id: buyer._id, name: buyer.name } : null,
    soldFor: sold ? Number(result.soldFor) : null,
    sellerApproved: sold && result.sellerApproved,
    recordedAt: result.outcome ? new Date().toISOString() : null,
  };
}

/**
 * /auction-events/:eventId/lanes/:lane/console: the lane clerk's screen on sale day. One vehicle at a time in run order
 * (the first without a result); the clerk types the hammer price, picks the buyer, then Sold or No sale, and the next
 * vehicle is up at once: the lane is read once, each result changes it in place and goes to the server in order, and
 * the next photos are loaded ahead. Every result the server accepts shows a toast naming the lot and the outcome,
 * with Undo. Remaining count, sold total, undo of the last result, full screen. An event whose results the server
 * would refuse today (not published, not its sale day, completed: the event's `saleDay`) says why and takes none.
 */
export function LaneConsolePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { eventId = '', lane: laneParam = '' } = useParams();
  const lane = laneParam.toUpperCase();
  const queryClient = useQueryClient();
  const canRecord = useCan('Auctions', 'updateStatus');
  const eventQuery = useEvent(eventId, SUMMARY);
  const laneQuery = useLaneRuns(eventId, lane);
  const record = useRecordResultMutation(eventId, lane);
  const resultToast = useResultToast();
  const [full, toggleFull] = useFullScreen();
  const [recordedHere, setRecordedHere] = useState<string[]>([]);
  const [drafts, setDrafts] = useState<Record<string, ResultDraft>>({});
  const [failure, setFailure] = useState<string>();
  const missing = [eventQuery.error, laneQuery.error].find((error) => error instanceof ApiError && error.status === 404);
  useErrorToast(missing ? null : (eventQuery.error ?? laneQuery.error), t('auctionEvents.errors.fetchFailed'));

  useEffect(() => {
    void queryClient.prefetchQuery(buyersQueryOptions(''));
  }, [queryClient]);

  if (missing) return <Result status="404" title={errorMessage(missing, t('auctionEvents.notFound'))} />;
  const event = eventQuery.data?.event;
  const runs = laneQuery.data?.runs;
  if (!event || !runs) return <Spin spinning description={t('auctionEvents.console.loading')} />;

  const lot = (run: EventRun) => t('auctionEvents.lot', { number: run.vehicle.vehicleLotNumber });
  const waiting = runs.filter((run) => run.outcome === null);
  const current = waiting[0];
  const last = lastRecorded(runs, recordedHere);
  const open = event.saleDay.open && canRecord;

  const send = (run: EventRun, result: ResultIn, expected: EventRun, draft: ResultDraft | undefined) => {
    setFailure(undefined);
    record.mutateAsync({ result, expected }).then(
      (answer) => {
        if (result.outcome !== null) setDrafts(({ [run._id]: _done, ...others }) => others);
        const saved = answer.runs.find((one) => one._id === run._id);
        if (saved) resultToast(saved, undoFromToast);
      },
      (error: unknown) => {
        setFailure(t('auctionEvents.console.refused', { lot: lot(run), message: errorMessage(error, t('auctionEvents.errors.recordFailed')) }));
        setRecordedHere((ids) => (result.outcome === null ? [...ids, run._id] : ids.filter((id) => id !== run._id)));
        setDrafts(({ [run._id]: _failed, ...others }) => (draft ? { ...others, [run._id]: draft } : others));
      },
    );
  };
  const sold = (run: EventRun, buyer: ChosenBuyer, price: string, sellerApproved: boolean) => {
    const result: ResultIn = { vehicleId: run.vehicleId, outcome: 'sold', buyerId: buyer._id, soldFor: price, sellerApproved };
    setRecordedHere((ids) => [...ids.filter((id) => id !== run._id), run._id]);
    send(run, result, expectedRun(run, result, buyer), { buyer, price });
  };
  const noSale = (run: EventRun) => {
    const result: ResultIn = { vehicleId: run.vehicleId, outcome: 'notSold', sellerApproved: false };
    setRecordedHere((ids) => [...ids.filter((id) => id !== run._id), run._id]);
    send(run, result, expectedRun(run, result), undefined);
  };
  // Undone, the vehicle comes back with empty fields: the clerk types the new result afresh.
  const undo = (run: EventRun) => {
    const result: ResultIn = { vehicleId: run.vehicleId, outcome: null, sellerApproved: false };
    setRecordedHere((ids) => ids.filter((id) => id !== run._id));
    setDrafts(({ [run._id]: _undone, ...others }) => others);
    send(run, result, expectedRun(run, result), undefined);
  };
  // The Undo of a toast takes back that result only while it is still the run's (not one recorded since).
  const undoFromToast = (recorded: EventRun) => {
    const now = queryClient.getQueryData<LaneRuns>(laneRunsKey(eventId, lane))?.runs.find((one) => one._id === recorded._id);
    if (now && sameResult(now, recorded)) undo(now);
  };

  const overlay: CSSProperties | undefined = full
    ? { position: 'fixed', inset: 0, zIndex: 500, overflow: 'auto', padding: 24, background: token.colorBgLayout }
    : undefined;

  return (
    <Flex vertical gap={16} style={overlay}>
      <PageHeader
        title={t('auctionEvents.console.title', { lane })}
        actions={
          <>
            <LaneFullScreenButton full={full} onToggle={toggleFull} />
            <Link to={`${paths.auctionEvent}/${event._id}?lane=${lane}`}>
              <ArrowLeftOutlined /> {t('auctionEvents.console.backToEvent')}
            </Link>
          </>
        }
      />
      <Space wrap>
        <Typography.Text strong>{event.auctionTitle}</Typography.Text>
        <Typography.Text>{t('auctionEvents.console.saleDay', { date: formatDate(event.startDate) })}</Typography.Text>
        <EventStatusBadge status={event.auctionEventStatus} />
      </Space>
      {event.saleDay.open && event.saleDay.today > event.saleDate && (
        <Alert type="info" showIcon title={t('auctionEvents.console.afterSaleDay', { date: formatDate(event.saleDate) })} />
      )}
      {!event.saleDay.open && (
        <Alert
          type={event.auctionEventStatus === 'completed' ? 'info' : 'warning'}
          showIcon
          title={t('auctionEvents.console.closed')}
          description={event.saleDay.reason ?? t('auctionEvents.console.closedToday', { date: formatDate(event.saleDate) })}
        />
      )}
      {!canRecord && <Alert type="info" showIcon title={t('auctionEvents.console.viewOnly')} />}
      <LaneStats runs={runs} last={open ? last : undefined} onUndo={undo} canRecord={open} />
      {failure && <Alert type="error" showIcon closable={{ 'aria-label': t('common.close'), onClose: () => setFailure(undefined) }} title={failure} />}
      {current ? (
        <Flex gap={24} wrap align="flex-start">
          <div style={{ flex: '3 1 420px', minWidth: 0 }}>
            <LaneVehicle run={current} />
          </div>
          <Flex vertical gap={16} style={{ flex: '2 1 320px', minWidth: 0 }}>
            {canRecord && event.auctionEventStatus !== 'completed' && (
              <Card title={t('auctionEvents.console.result')}>
                <LaneResultForm
                  key={current._id}
                  run={current}
                  disabled={!open}
                  initial={drafts[current._id]}
                  onSold={(buyer, price, sellerApproved) => sold(current, buyer, price, sellerApproved)}
                  onNoSale={() => noSale(current)}
                />
              </Card>
            )}
            <LaneUpcoming runs={waiting.slice(1)} />
          </Flex>
        </Flex>
      ) : (
        <Result
          status="success"
          title={runs.length === 0 ? t('auctionEvents.console.empty', { lane }) : t('auctionEvents.console.done', { lane })}
          extra={<Link to={`${paths.auctionEvent}/${event._id}`}>{t('auctionEvents.console.backToEvent')}</Link>}
        />
      )}
    </Flex>
  );
}
