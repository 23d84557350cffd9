import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bidderLabel } from '@/features/auctions/live/bidder-label';
import type { BidRow } from '@/features/auctions/live/types';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';

/** The lot's accepted bids, newest first: amount, source, bidder (the floor has none; an online bidder with their paddle), automatic proxy steps marked. */
export function LaneBidLadder({ bids }: { bids: BidRow[] }) {
  const { t } = useTranslation();
  const accepted = bids.filter((bid) => bid.accepted && !bid.withdrawal && bid.amount !== null).sort((a, b) => b.sequence - a.sequence);
  return (
    <Card size="small" title={t('auctionEvents.live.ladder')}>
      {accepted.length === 0 ? (
        <Typography.Text type="secondary">{t('auctionEvents.live.ladderEmpty')}</Typography.Text>
      ) : (
        <ol aria-label={t('auctionEvents.live.ladder')} style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none', maxHeight: 280, overflow: 'auto' }}>
          {accepted.map((bid) => (
            <li key={bid.sequence}>
              <Flex justify="space-between" gap={8} style={{ padding: '4px 0' }}>
                <span>
                  {t('auctionEvents.live.ladderItem', {
                    amount: formatAed(bid.amount),
                    source: t(`auctionEvents.live.source.${bid.source}`),
                    bidder: bid.bidder ? bidderLabel(t, bid.bidder) : t('auctionEvents.live.floorBidder'),
                  })}
                  {bid.automatic && <Tag style={{ marginInlineStart: 8 }}>{t('auctionEvents.live.automatic')}</Tag>}
                </span>
                <Typography.Text type="secondary">{formatDateTime(bid.at)}</Typography.Text>
              </Flex>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
