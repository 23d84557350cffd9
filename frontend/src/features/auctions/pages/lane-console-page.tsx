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
import { buyersQueryOptions } from '@/api/find-buyers';
import { eventKey, useEvent, type EventRun } from '@/features/auctions/api/get-event';
import { useLaneRuns } from '@/features/auctions/api/get-lane-vehicles';
import { EventStatusBadge } from '@/features/auctions/components/event-status';
import { LaneBidLadder } from '@/features/auctions/components/lane-bid-ladder';
import { LaneClerkActions } from '@/features/auctions/components/lane-clerk-actions';
import { LaneFeedStatus } from '@/features/auctions/components/lane-feed-status';
import { LaneFullScreenButton, useFullScreen } from '@/features/auctions/components/lane-full-screen';
import { LaneLotPanel } from '@/features/auctions/components/lane-lot-panel';
import { LaneLotVehicle } from '@/features/auctions/components/lane-lot-vehicle';
import { LaneMaxima } from '@/features/auctions/components/lane-maxima';
import { LaneNextLots } from '@/features/auctions/components/lane-next-lots';
import { LaneResultForm } from '@/features/auctions/components/lane-result-form';
import { LaneStats } from '@/features/auctions/components/lane-stats';
import { isDetail, laneLots, newest, runOf } from '@/features/auctions/live/lane-lots';
import { useEventLive, useEventLots, useLaneMove, useLot, useLotMove, type LotMove } from '@/features/auctions/live/live-api';
import type { LotView } from '@/features/auctions/live/types';
import { useLaneResults } from '@/features/auctions/live/use-lane-results';
import { useLiveEvents } from '@/features/auctions/live/use-live-events';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import '@/lib/i18n/strings/auction-events';
import '@/lib/i18n/strings/auctions';

const SUMMARY = { pageNo: 1, limit: 1 } as const;

/**
 * /auction-events/:eventId/lanes/:lane/console: the lane clerk's live console on sale day. The lot on the block
 * (in run order) with its photo and specs, the asking price, the leader and where the bid came from, the counter-bid
 * countdown on the server's time (advice in a Live lane), the bid ladder and the absentee maxima; the clerk opens the
 * lot, keys floor bids (F), sells to the leader (H), passes it, sends it to the seller's approval, withdraws it, and
 * pauses or resumes the lane. Everything moves live from the event's feed. A lot sold to the floor then asks the
 * clerk to name the buyer from the room, through the lane's result form (its checks and confirmations) as before.
 * A refused move says why in the server's words. An event whose results the server would refuse today takes none.
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
  const lotsQuery = useEventLots(eventId);
  const liveQuery = useEventLive(eventId);
  const laneId = laneQuery.data?.lane._id;
  const feed = useLiveEvents(eventId, laneId);
  const move = useLotMove(eventId);
  const laneMove = useLaneMove(eventId);
  const [full, toggleFull] = useFullScreen();
  const [refusal, setRefusal] = useState<string>();
  const runLot = (run: EventRun) => t('auctionEvents.lot', { number: run.vehicle.vehicleLotNumber });
  const results = useLaneResults(eventId, lane, runLot);
  const runs = laneQuery.data?.runs;
  const { current, naming, next } = laneLots(lotsQuery.data?.data ?? [], laneId, runs ?? []);
  const detail = useLot(current?.id);
  const missing = [eventQuery.error, laneQuery.error].find((error) => error instanceof ApiError && error.status === 404);
  useErrorToast(missing ? null : (eventQuery.error ?? laneQuery.error ?? lotsQuery.error), t('auctionEvents.errors.fetchFailed'));

  useEffect(() => {
    void queryClient.prefetchQuery(buyersQueryOptions(''));
  }, [queryClient]);

  if (missing) return <Result status="404" title={errorMessage(missing, t('auctionEvents.notFound'))} />;
  const event = eventQuery.data?.event;
  if (!event || !runs || (!lotsQuery.data && !lotsQuery.error)) return <Spin spinning description={t('auctionEvents.console.loading')} />;

  const laneView = liveQuery.data?.lanes.find((one) => one.laneId === laneId);
  const name = (lot: LotView) => t('auctionEvents.lot', { number: lot.vehicle.lotNumber ?? runOf(lot, runs)?.vehicle.vehicleLotNumber ?? lot.runNumber });
  const open = event.saleDay.open && canRecord;
  const shown = current ? newest(current, detail.data) : undefined;
  const run = current ? runOf(current, runs) : undefined;
  const listedAt = lotsQuery.data ? Date.parse(lotsQuery.data.serverTime) - lotsQuery.dataUpdatedAt : 0;
  const offsetMs = feed.status === 'live' ? feed.offsetMs : Number.isNaN(listedAt) ? 0 : listedAt;

  const refused = (lot: LotView) => (error: unknown) =>
    setRefusal(t('auctionEvents.live.refused', { lot: name(lot), message: errorMessage(error, t('auctionEvents.live.failed')) }));
  const moveLot = (lot: LotView, lotMove: LotMove) => {
    setRefusal(undefined);
    move.mutate(
      { lotId: lot.id, move: lotMove },
      {
        onError: refused(lot),
        // A close records the run's result on the server (a sale to a member, a no-sale): the lane is read again.
        onSuccess: () => lotMove.kind === 'close' && void queryClient.invalidateQueries({ queryKey: eventKey(eventId) }),
      },
    );
  };
  const moveLane = (laneMoveKind: 'pause' | 'resume') => {
    setRefusal(undefined);
    if (!laneId) return;
    laneMove.mutate(
      { laneId, move: laneMoveKind },
      { onError: (error) => setRefusal(errorMessage(error, t('auctionEvents.live.failed'))) },
    );
  };

  const overlay: CSSProperties | undefined = full
    ? { position: 'fixed', inset: 0, zIndex: 500, overflow: 'auto', padding: 24, background: token.colorBgLayout }
    : undefined;
  const failure = refusal ?? results.failure;

  return (
    <Flex vertical gap={16} style={overlay}>
      <PageHeader
        title={t('auctionEvents.console.title', { lane })}
        actions={
          <>
            <LaneFeedStatus feed={feed} />
            <LaneFullScreenButton full={full} onToggle={toggleFull} />
            <Link to={`${paths.auctionEvent}/${event._id}/live`}>{t('auctionEvents.live.liveView')}</Link>
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
        {laneView && <Typography.Text type="secondary">{`${t(`auctionEvents.live.laneMode.${laneView.mode}`)} · ${t(`auctionEvents.live.laneState.${laneView.state}`)}`}</Typography.Text>}
        {laneView && <Typography.Text type="secondary">{t('auctionEvents.live.watching', { staff: laneView.watchers, online: laneView.onlineWatchers })}</Typography.Text>}
      </Space>
      {laneView?.pauseReason && <Alert type="warning" showIcon title={t('auctionEvents.live.pausedBecause')} description={laneView.pauseReason} />}
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
      {lotsQuery.error && <Alert type="error" showIcon title={errorMessage(lotsQuery.error, t('auctionEvents.live.loadFailed'))} />}
      <LaneStats runs={runs} last={open ? results.last(runs) : undefined} onUndo={results.undo} canRecord={open} />
      {failure && (
        <Alert
          type="error"
          showIcon
          closable={{
            'aria-label': t('common.close'),
            onClose: () => {
              setRefusal(undefined);
              results.clearFailure();
            },
          }}
          title={failure}
        />
      )}
      {shown ? (
        <Flex gap={24} wrap align="flex-start">
          <div style={{ flex: '3 1 420px', minWidth: 0 }}>
            <LaneLotVehicle lot={shown} run={run} />
          </div>
          <Flex vertical gap={16} style={{ flex: '2 1 320px', minWidth: 0 }}>
            <LaneLotPanel lot={shown} offsetMs={offsetMs} advice={laneView?.mode !== 'online'} />
            {naming && run && canRecord && event.auctionEventStatus !== 'completed' ? (
              <Card title={t('auctionEvents.live.nameBuyer', { lot: name(shown) })}>
                <Typography.Paragraph type="secondary">{t('auctionEvents.live.nameBuyerHelp', { lot: name(shown), price: formatAed(shown.price) })}</Typography.Paragraph>
                <LaneResultForm
                  key={run._id}
                  run={run}
                  disabled={!open}
                  initial={results.drafts[run._id] ?? { price: shown.price }}
                  onSold={(buyer, price, sellerApproved) => results.sold(run, buyer, price, sellerApproved)}
                  onNoSale={() => results.noSale(run)}
                />
              </Card>
            ) : (
              canRecord && (
                <LaneClerkActions lot={shown} name={name(shown)} laneState={laneView?.state} online={laneView?.mode === 'online'} busy={move.isPending || laneMove.isPending} disabled={!open} onMove={(lotMove) => moveLot(shown, lotMove)} onLane={moveLane} />
              )
            )}
            {isDetail(shown) && <LaneBidLadder bids={shown.bids} />}
            {isDetail(shown) && <LaneMaxima maxima={shown.maxima} />}
            <LaneNextLots lots={next} />
          </Flex>
        </Flex>
      ) : (
        !lotsQuery.error && (
          <Result
            status="success"
            title={runs.length === 0 ? t('auctionEvents.console.empty', { lane }) : t('auctionEvents.live.done', { lane })}
            extra={<Link to={`${paths.auctionEvent}/${event._id}`}>{t('auctionEvents.console.backToEvent')}</Link>}
          />
        )
      )}
    </Flex>
  );
}
