import { Card, Flex, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LaneCountdown } from '@/features/auctions/components/lane-countdown';
import { bidderLabel } from '@/features/auctions/live/bidder-label';
import type { BidSource, LotView } from '@/features/auctions/live/types';
import { formatAed } from '@/lib/money';

const SOURCE_COLOURS: Record<BidSource, string> = { floor: 'gold', absentee: 'blue', online: 'green' };

/** Who leads (a member bidding online with their paddle) and from where (floor, absentee, online), or that nobody does. */
export function LeaderText({ lot }: { lot: LotView }) {
  const { t } = useTranslation();
  if (!lot.leaderSource) return <Typography.Text type="secondary">{t('auctionEvents.live.noLeader')}</Typography.Text>;
  const name = (lot.leader && bidderLabel(t, lot.leader)) || (lot.leaderSource === 'floor' ? t('auctionEvents.live.floorBidder') : '');
  return (
    <Flex gap={8} align="center" wrap>
      {name && <Typography.Text strong>{name}</Typography.Text>}
      <Tag color={SOURCE_COLOURS[lot.leaderSource]}>{t(`auctionEvents.live.source.${lot.leaderSource}`)}</Tag>
    </Flex>
  );
}

interface LaneLotPanelProps {
  lot: LotView;
  offsetMs: number;
  advice: boolean;
}

/** The lot on the block as the room sees it: its state, the asking price, the price reached, the leader and the countdown. */
export function LaneLotPanel({ lot, offsetMs, advice }: LaneLotPanelProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" aria-label={t('auctionEvents.live.page.currentLot')}>
      <Flex vertical gap={12}>
        <Flex gap={8}>
          <Tag>{t(`auctionEvents.live.state.${lot.state}`)}</Tag>
          {lot.result && <Tag color="purple">{t(`auctionEvents.live.result.${lot.result}`)}</Tag>}
        </Flex>
        <Flex gap={32} wrap>
          <Statistic title={t('auctionEvents.live.asking')} value={formatAed(lot.asking)} styles={{ content: { fontSize: 32 } }} />
          <Statistic title={t('auctionEvents.live.price')} value={lot.price === null ? t('auctionEvents.live.noBid') : formatAed(lot.price)} />
        </Flex>
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{t('auctionEvents.live.leader')}</Typography.Text>
          <LeaderText lot={lot} />
        </Flex>
        <LaneCountdown lot={lot} offsetMs={offsetMs} advice={advice} />
      </Flex>
    </Card>
  );
}
