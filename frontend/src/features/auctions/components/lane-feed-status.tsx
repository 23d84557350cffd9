import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveFeed } from '@/features/auctions/live/use-live-events';

/** Whether the live feed is connected: Live, connecting, reconnecting, or refused with the server's reason. */
export function LaneFeedStatus({ feed }: { feed: LiveFeed }) {
  const { t } = useTranslation();
  const text =
    feed.status === 'refused'
      ? feed.reason
        ? t('auctionEvents.live.feed.refused', { reason: feed.reason })
        : t('auctionEvents.live.feed.refusedNoReason')
      : t(`auctionEvents.live.feed.${feed.status}`);
  const color = { live: 'green', connecting: 'default', reconnecting: 'orange', refused: 'red' }[feed.status];
  return (
    <Tag color={color} role="status">
      {text}
    </Tag>
  );
}
