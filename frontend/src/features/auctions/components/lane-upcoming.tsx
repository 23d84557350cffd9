import { Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRun } from '@/features/auctions/api/get-event';
import { formatAed } from '@/lib/money';

/** How many of the next vehicles are listed (and their photos fetched ahead, so the next one shows at once). */
const AHEAD = 3;

/** The next vehicles of the lane; their photos are loaded before they come up. */
export function LaneUpcoming({ runs }: { runs: EventRun[] }) {
  const { t } = useTranslation();
  const next = runs.slice(0, AHEAD);
  const photos = next.map((run) => run.vehicle.images[0] ?? run.vehicle.thumbnail).filter((url): url is string => Boolean(url));
  const photoKey = photos.join(' ');
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
    <Flex vertical gap={4} component="section" aria-label={t('auctionEvents.console.upNext')}>
      <Typography.Text strong>{t('auctionEvents.console.upNext')}</Typography.Text>
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {next.map((run) => (
          <li key={run._id}>
            {t('auctionEvents.console.upNextItem', {
              run: run.runNumber,
              lot: t('auctionEvents.lot', { number: run.vehicle.vehicleLotNumber }),
              title: run.vehicle.title,
              opening: formatAed(run.vehicle.openingPrice),
            })}
          </li>
        ))}
      </ol>
    </Flex>
  );
}
