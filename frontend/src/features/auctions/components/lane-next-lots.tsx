import { Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotView } from '@/features/auctions/live/types';
import { formatAed } from '@/lib/money';

/** How many of the next lots are listed (and their photos fetched ahead). */
const AHEAD = 5;

/** The lane's next waiting lots in run order; their photos are loaded before they come up. */
export function LaneNextLots({ lots }: { lots: LotView[] }) {
  const { t } = useTranslation();
  const next = lots.slice(0, AHEAD);
  const photoKey = next.map((lot) => lot.vehicle.photoUrl).filter(Boolean).join(' ');
  useEffect(() => {
    photoKey
      .split(' ')
      .filter(Boolean)
      .forEach((url) => {
        const image = new Image();
        image.src = url;
      });
  }, [photoKey]);

  if (next.length === 0) return null;
  return (
    <Flex vertical gap={4} component="section" aria-label={t('auctionEvents.live.nextLots')}>
      <Typography.Text strong>{t('auctionEvents.live.nextLots')}</Typography.Text>
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {next.map((lot) => (
          <li key={lot.id}>
            {t('auctionEvents.live.nextLotItem', {
              run: lot.runNumber,
              lot: t('auctionEvents.lot', { number: lot.vehicle.lotNumber ?? lot.runNumber }),
              title: lot.vehicle.title,
              opening: formatAed(lot.openingPrice),
            })}
          </li>
        ))}
      </ol>
    </Flex>
  );
}
