import { Alert, Card, Descriptions, Flex, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LaneCountdown } from '@/features/auctions/components/lane-countdown';
import { LeaderText } from '@/features/auctions/components/lane-lot-panel';
import type { LaneView } from '@/features/auctions/live/types';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

const STATE_COLOURS = { waiting: 'default', running: 'green', paused: 'orange', finished: 'blue' } as const;

interface LaneLiveCardProps {
  eventId: string;
  lane: LaneView;
  /** The lane's letter (A, B ...), from the event's lanes. */
  letter: string;
  offsetMs: number;
}

/** One lane on the event's live page: its lot on the block, price, leader, countdown, pace, watchers (staff, and online bidders) and counts. */
export function LaneLiveCard({ eventId, lane, letter, offsetMs }: LaneLiveCardProps) {
  const { t } = useTranslation();
  const title = t('auctionEvents.live.page.lane', { lane: letter });
  const lot = lane.currentLot;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <span>{title}</span>
          <Tag>{t(`auctionEvents.live.laneMode.${lane.mode}`)}</Tag>
          <Tag color={STATE_COLOURS[lane.state]}>{t(`auctionEvents.live.laneState.${lane.state}`)}</Tag>
        </Flex>
      }
      extra={<Link to={`${paths.auctionEvent}/${eventId}/lanes/${letter}/console`}>{t('auctionEvents.live.page.console')}</Link>}
      aria-label={title}
      role="region"
      style={{ flex: '1 1 360px', minWidth: 0 }}
    >
      <Flex vertical gap={12}>
        {lane.pauseReason && <Alert type="warning" showIcon title={t('auctionEvents.live.pausedBecause')} description={lane.pauseReason} />}
        {lot ? (
          <>
            <Typography.Text strong>
              {`${t('auctionEvents.lot', { number: lot.vehicle.lotNumber ?? lot.runNumber })} · ${lot.vehicle.title}`}
            </Typography.Text>
            <Flex gap={24} wrap>
              <Statistic title={t('auctionEvents.live.price')} value={lot.price === null ? t('auctionEvents.live.noBid') : formatAed(lot.price)} />
              <Statistic title={t('auctionEvents.live.asking')} value={formatAed(lot.asking)} />
            </Flex>
            <Flex vertical gap={2}>
              <Typography.Text type="secondary">{t('auctionEvents.live.leader')}</Typography.Text>
              <LeaderText lot={lot} />
            </Flex>
            <LaneCountdown lot={lot} offsetMs={offsetMs} advice={lane.mode === 'live'} />
          </>
        ) : (
          <Typography.Text type="secondary">{t('auctionEvents.live.page.noCurrentLot')}</Typography.Text>
        )}
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'pace', label: t('auctionEvents.live.page.bidsPerMinute'), children: lane.bidsPerMinute },
            { key: 'watchers', label: t('auctionEvents.live.page.watchers'), children: lane.watchers },
            { key: 'onlineWatchers', label: t('auctionEvents.live.page.onlineWatchers'), children: lane.onlineWatchers },
            { key: 'left', label: t('auctionEvents.live.page.lotsLeft'), children: lane.lotsLeft },
            { key: 'sold', label: t('auctionEvents.live.page.lotsSold'), children: lane.lotsSold },
            { key: 'approval', label: t('auctionEvents.live.page.lotsOnApproval'), children: lane.lotsOnApproval },
            { key: 'noSale', label: t('auctionEvents.live.page.lotsNoSale'), children: lane.lotsNoSale },
          ]}
        />
      </Flex>
    </Card>
  );
}
