import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '@/features/auctions/live/countdown';
import type { LotView } from '@/features/auctions/live/types';

interface LaneCountdownProps {
  lot: LotView;
  /** Server time minus the browser's, in ms. */
  offsetMs: number;
  /** A Live lane: the clerk closes the lot, the countdown is advice. */
  advice: boolean;
}

/** The lot's counter-bid clock counting down on the server's time; stopped or paused when it does not run. */
export function LaneCountdown({ lot, offsetMs, advice }: LaneCountdownProps) {
  const { t } = useTranslation();
  const left = useSecondsLeft(lot.state === 'open' ? lot.clockEndsAt : null, offsetMs);
  const label = advice ? t('auctionEvents.live.countdownAdvice') : t('auctionEvents.live.countdown');
  const paused = lot.state === 'open' && lot.clockPausedSeconds !== null;
  const text = left !== null ? t('auctionEvents.live.seconds', { value: left }) : paused ? t('auctionEvents.live.clockPaused') : t('auctionEvents.live.clockStopped');
  const percent = left !== null && lot.counterBidSeconds > 0 ? Math.min(100, (left / lot.counterBidSeconds) * 100) : 0;
  return (
    <Flex vertical gap={2} role="timer" aria-label={label}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong style={{ fontSize: 28 }} type={left !== null && left <= 5 ? 'danger' : undefined}>
        {text}
      </Typography.Text>
      {left !== null && <Progress percent={percent} showInfo={false} size="small" status={left <= 5 ? 'exception' : 'active'} />}
    </Flex>
  );
}
