import { useQuery } from '@tanstack/react-query';
import { Descriptions, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { lotQuery } from '@/bidder/api/lots';
import type { BidderLotDetail } from '@/bidder/api/types';
import { LimitSetting } from '@/bidder/components/limit-setting';
import { LivePanel } from '@/bidder/components/live-panel';
import { MaximumPanel } from '@/bidder/components/maximum-panel';
import { BackLink } from '@/bidder/components/back-link';
import { PageState } from '@/bidder/components/page-state';
import { useLocale } from '@/bidder/i18n/locale';
import type { TextKey } from '@/bidder/i18n/translate';
import { bidderPaths } from '@/bidder/lib/bidder-paths';
import { useLive } from '@/bidder/live/live-context';
import { Panel } from '@/bidder/components/panel';

/** 'bodyType' → 'Body type' (a detail the page has no text for). */
const humanise = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);

const KNOWN_SPECS = new Set(['make', 'model', 'year', 'mileage', 'colour', 'engine', 'transmission', 'fuel']);

/** A lot: photos, the live panel, my maximum, my own bids and the vehicle's details. */
export function LotPage() {
  const { lotId = '' } = useParams();
  const { refetchInterval } = useLive({ lots: [lotId] }, 5_000);
  const lot = useQuery({ ...lotQuery(lotId), refetchInterval });
  const data = lot.data;
  return (
    <>
      {data ? (
        <BackLink to={bidderPaths.event(data.eventId)} />
      ) : null}
      <PageState pending={lot.isPending} error={lot.error} retry={() => void lot.refetch()}>
        {data ? <LotDetail lot={data} /> : null}
      </PageState>
    </>
  );
}

function LotDetail({ lot }: { lot: BidderLotDetail }) {
  const { t, money, dateTime } = useLocale();
  const specs = Object.entries(lot.specs ?? {}).filter(([, value]) => value !== null && value !== '');
  return (
    <>
      <div>
        <Typography.Title level={4} className="bidder-no-margin">
          {lot.vehicle.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {lot.vehicle.lotNumber ? `${t('lotList.lotNumber', { number: lot.vehicle.lotNumber })} · ` : ''}
          {t('lotList.lane', { lane: lot.laneNumber, run: lot.runNumber })}
        </Typography.Text>
      </div>
      {lot.photos.length > 0 ? (
        <div className="bidder-photos" aria-label={t('lot.photos')}>
          {lot.photos.map((url, index) => (
            <img key={url} src={url} alt={`${lot.vehicle.title} ${index + 1}`} loading={index === 0 ? 'eager' : 'lazy'} />
          ))}
        </div>
      ) : (
        <Typography.Text type="secondary">{t('lot.noPhotos')}</Typography.Text>
      )}
      <LivePanel lot={lot} />
      <MaximumPanel lot={lot} />
      <Panel title={t('lot.myBids')}>
        {lot.myBids.length === 0 ? (
          <Typography.Text type="secondary">{t('lot.noMyBids')}</Typography.Text>
        ) : (
          <ul className="bidder-my-bids">
            {lot.myBids.map((bid) => (
              <li key={bid.sequence}>
                <span>
                  {money(bid.amount)} {bid.automatic ? <Tag>{t('lot.automatic')}</Tag> : null}
                  {bid.accepted ? null : <Tag color="red">{t('lot.refused')}</Tag>}
                </span>
                <Typography.Text type="secondary">{dateTime(bid.at)}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {specs.length > 0 ? (
        <Panel title={t('lot.specs')}>
          <Descriptions
            column={1}
            size="small"
            items={specs.map(([key, value]) => ({
              key,
              label: KNOWN_SPECS.has(key) ? t(`lot.spec.${key}` as TextKey) : humanise(key),
              children: String(value),
            }))}
          />
        </Panel>
      ) : null}
      <LimitSetting />
    </>
  );
}
