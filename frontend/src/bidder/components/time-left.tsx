import { Typography } from 'antd';
import type { BidderLot } from '@/bidder/api/types';
import { useLocale } from '@/bidder/i18n/locale';
import { clockText } from '@/bidder/lib/server-clock';
import { useSecondsLeft } from '@/bidder/lib/use-server-time';

/** The lot's clock on the server's time: counting down, paused, or not running. */
export function TimeLeft({ lot }: { lot: Pick<BidderLot, 'clockEndsAt' | 'clockPausedSeconds' | 'state'> }) {
  const { t } = useLocale();
  const seconds = useSecondsLeft(lot.state === 'open' ? lot.clockEndsAt : null);
  let text: string;
  if (lot.clockPausedSeconds !== null && lot.state === 'open') text = t('live.paused', { time: clockText(lot.clockPausedSeconds) });
  else if (seconds !== null) text = clockText(seconds);
  else text = t('money.none');
  return (
    <div>
      <Typography.Text type="secondary">{t('live.timeLeft')}</Typography.Text>
      <div className="bidder-figure" role="timer" aria-label={t('live.timeLeft')}>
        {text}
      </div>
    </div>
  );
}
