import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { eventLotsQuery, eventsQuery } from '@/bidder/api/events';
import { watchlistQuery } from '@/bidder/api/lots';
import { buyingPowerQuery } from '@/bidder/api/money';
import { LotCard } from '@/bidder/components/lot-card';
import { PageState } from '@/bidder/components/page-state';
import { useLocale } from '@/bidder/i18n/locale';
import { useLive } from '@/bidder/live/live-context';
import { Panel } from '@/bidder/components/panel';

/** My buying power, my watch list and the lots I bid on (from the events coming up and running). */
export function MyBidsPage() {
  const { t, money } = useLocale();
  const watchlist = useQuery(watchlistQuery);
  const watched = watchlist.data?.map((lot) => lot.id) ?? [];
  const { refetchInterval } = useLive(watched.length > 0 ? { lots: watched } : null, 15_000);
  const power = useQuery(buyingPowerQuery);
  const events = useQuery(eventsQuery);
  const lotsOfEvents = useQueries({
    queries: (events.data ?? []).filter((event) => event.state !== 'ended').map((event) => ({ ...eventLotsQuery(event.id), refetchInterval })),
  });
  const bidOn = lotsOfEvents.flatMap((query) => query.data?.data ?? []).filter((lot) => lot.myStatus !== 'none');
  const bidsPending = events.isPending || lotsOfEvents.some((query) => query.isPending);

  return (
    <>
      <Typography.Title level={4}>{t('myBids.title')}</Typography.Title>
      {power.data ? (
        <Panel title={t('myBids.buyingPower')}>
          <Typography.Paragraph strong className="bidder-no-margin">
            {t('myBids.available', { amount: money(power.data.available) })}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('myBids.committed', { amount: money(power.data.committed) })} · {t('myBids.owed', { amount: money(power.data.owed) })}
          </Typography.Text>
          {power.data.blockedReason ? <Alert type="warning" showIcon title={power.data.blockedReason} className="bidder-gap-top" /> : null}
        </Panel>
      ) : null}
      <Typography.Title level={5}>{t('myBids.watching')}</Typography.Title>
      <PageState pending={watchlist.isPending} error={watchlist.error} retry={() => void watchlist.refetch()} empty={watchlist.data?.length === 0 && t('myBids.emptyWatching')}>
        {watchlist.data?.map((lot) => <LotCard key={lot.id} lot={lot} />)}
      </PageState>
      <Typography.Title level={5}>{t('myBids.bidOn')}</Typography.Title>
      <PageState pending={bidsPending} error={events.error} retry={() => void events.refetch()} empty={bidOn.length === 0 && t('myBids.emptyBids')}>
        {bidOn.map((lot) => <LotCard key={lot.id} lot={lot} />)}
      </PageState>
    </>
  );
}
