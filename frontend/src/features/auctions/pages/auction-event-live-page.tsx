import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Empty, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useEvent } from '@/features/auctions/api/get-event';
import { LaneFeedStatus } from '@/features/auctions/components/lane-feed-status';
import { LaneLiveCard } from '@/features/auctions/components/lane-live-card';
import { useEventLive } from '@/features/auctions/live/live-api';
import { useLiveEvents } from '@/features/auctions/live/use-live-events';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';
import '@/lib/i18n/strings/auction-events';

const SUMMARY = { pageNo: 1, limit: 1 } as const;

/**
 * /auction-events/:eventId/live: the sale-day manager's view of every lane of an event at once (GET
 * /api/auction-events/{eventId}/live): each lane's lot on the block, its price, leader and countdown, the bids per
 * minute, the online watchers and the lots left, sold, on approval and not sold; kept live by the event's feed.
 */
export function AuctionEventLivePage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const eventQuery = useEvent(eventId, SUMMARY);
  const liveQuery = useEventLive(eventId);
  const feed = useLiveEvents(eventId);
  const missing = [eventQuery.error, liveQuery.error].find((error) => error instanceof ApiError && error.status === 404);
  useErrorToast(missing ? null : (eventQuery.error ?? null), t('auctionEvents.errors.fetchFailed'));

  if (missing) return <Result status="404" title={errorMessage(missing, t('auctionEvents.notFound'))} />;
  const event = eventQuery.data?.event;
  if (!event || (!liveQuery.data && !liveQuery.error)) return <Spin spinning description={t('auctionEvents.live.page.loading')} />;

  const letters = new Map(event.lanes.map((lane) => [lane._id, lane.laneLetter]));
  const lanes = [...(liveQuery.data?.lanes ?? [])].sort((a, b) => a.laneNumber - b.laneNumber);
  const listed = liveQuery.data ? Date.parse(liveQuery.data.serverTime) - liveQuery.dataUpdatedAt : 0;
  const offsetMs = feed.status === 'live' ? feed.offsetMs : Number.isNaN(listed) ? 0 : listed;

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('auctionEvents.live.page.title', { auction: event.auctionTitle })}
        actions={
          <>
            <LaneFeedStatus feed={feed} />
            <Link to={`${paths.auctionEvent}/${event._id}`}>
              <ArrowLeftOutlined /> {t('auctionEvents.live.page.backToEvent')}
            </Link>
          </>
        }
      />
      <span>{t('auctionEvents.console.saleDay', { date: formatDate(event.saleDate) })}</span>
      {liveQuery.error && <Alert type="error" showIcon title={errorMessage(liveQuery.error, t('auctionEvents.live.loadFailed'))} />}
      {liveQuery.data && lanes.length === 0 && <Empty description={t('auctionEvents.live.page.noLanes')} />}
      <Flex gap={16} wrap align="stretch">
        {lanes.map((lane) => (
          <LaneLiveCard key={lane.laneId} eventId={event._id} lane={lane} letter={letters.get(lane.laneId) ?? String(lane.laneNumber)} offsetMs={offsetMs} />
        ))}
      </Flex>
    </Flex>
  );
}
