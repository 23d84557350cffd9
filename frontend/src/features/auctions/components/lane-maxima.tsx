import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bidderLabel } from '@/features/auctions/live/bidder-label';
import type { MaximumRow } from '@/features/auctions/live/types';
import { formatAed } from '@/lib/money';

/** The absentee maxima standing on the lot, highest first: staff only (the console is), never shown to bidders. */
export function LaneMaxima({ maxima }: { maxima: MaximumRow[] }) {
  const { t } = useTranslation();
  const sorted = [...maxima].sort((a, b) => Number(b.amount) - Number(a.amount) || Date.parse(a.at) - Date.parse(b.at));
  return (
    <Card size="small" title={t('auctionEvents.live.maxima')}>
      {sorted.length === 0 ? (
        <Typography.Text type="secondary">{t('auctionEvents.live.maximaEmpty')}</Typography.Text>
      ) : (
        <ul aria-label={t('auctionEvents.live.maxima')} style={{ margin: 0, paddingInlineStart: 20 }}>
          {sorted.map((maximum) => (
            <li key={`${maximum.bidder.id}-${maximum.at}`}>{t('auctionEvents.live.maximumItem', { bidder: bidderLabel(t, maximum.bidder), amount: formatAed(maximum.amount) })}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
