import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { bidderKeys } from '@/bidder/api/keys';
import { setWatching } from '@/bidder/api/lots';
import type { BidderLot } from '@/bidder/api/types';
import { StatusTag } from '@/bidder/components/status-tag';
import { useLocale } from '@/bidder/i18n/locale';
import { bidderPaths } from '@/bidder/lib/bidder-paths';
import { Panel } from '@/bidder/components/panel';

/** One lot in a list: photo, title, lane and run, state, price, where I stand, and the watch star. */
export function LotCard({ lot }: { lot: BidderLot }) {
  const { t, money } = useLocale();
  const client = useQueryClient();
  const watch = useMutation({
    mutationFn: () => setWatching(lot.id, !lot.watching),
    onSettled: () => client.invalidateQueries({ queryKey: bidderKeys.all }),
  });
  const { vehicle } = lot;
  return (
    <Panel className="bidder-lot-card">
      <Flex gap={12}>
        <Link to={bidderPaths.lot(lot.id)} className="bidder-thumb">
          {vehicle.photoUrl ? <img src={vehicle.photoUrl} alt="" loading="lazy" /> : null}
        </Link>
        <Flex vertical gap={2} flex={1} className="bidder-min0">
          <Link to={bidderPaths.lot(lot.id)}>
            <Typography.Text strong ellipsis>
              {vehicle.title}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary">
            {vehicle.lotNumber ? `${t('lotList.lotNumber', { number: vehicle.lotNumber })} · ` : ''}
            {t('lotList.lane', { lane: lot.laneNumber, run: lot.runNumber })}
          </Typography.Text>
          <Flex gap={4} wrap align="center">
            <Tag>{lot.state === 'closed' && lot.result ? t(`lotList.result.${lot.result}`) : t(`lotList.state.${lot.state}`)}</Tag>
            <StatusTag status={lot.myStatus} />
          </Flex>
          <Typography.Text>
            {lot.price === null ? `${t('lotList.asking')}: ${money(lot.asking ?? lot.openingPrice)}` : `${t('lotList.price')}: ${money(lot.price)}`}
          </Typography.Text>
        </Flex>
        <Button
          type="text"
          aria-label={lot.watching ? t('lotList.unwatch') : t('lotList.watch')}
          aria-pressed={lot.watching}
          icon={lot.watching ? <StarFilled /> : <StarOutlined />}
          loading={watch.isPending}
          onClick={() => watch.mutate()}
        />
      </Flex>
    </Panel>
  );
}
