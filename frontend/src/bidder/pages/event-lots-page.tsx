import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useParams } from 'react-router';
import { eventLotsQuery, eventsQuery } from '@/bidder/api/events';
import { LotCard } from '@/bidder/components/lot-card';
import { BackLink } from '@/bidder/components/back-link';
import { PageState } from '@/bidder/components/page-state';
import { useLocale } from '@/bidder/i18n/locale';
import { bidderPaths } from '@/bidder/lib/bidder-paths';
import { useLive } from '@/bidder/live/live-context';

/** An event's lots, lane by lane in run order, kept current by the socket (or read every few seconds without it). */
export function EventLotsPage() {
  const { eventId = '' } = useParams();
  const { t } = useLocale();
  const { refetchInterval } = useLive({ eventId }, 15_000);
  const lots = useQuery({ ...eventLotsQuery(eventId), refetchInterval });
  const event = useQuery(eventsQuery).data?.find((one) => one.id === eventId);
  return (
    <>
      <BackLink to={bidderPaths.root} />
      {event ? <Typography.Title level={4}>{event.title}</Typography.Title> : null}
      <PageState pending={lots.isPending} error={lots.error} retry={() => void lots.refetch()} empty={lots.data?.data.length === 0 && t('lotList.empty')}>
        {lots.data?.data.map((lot) => <LotCard key={lot.id} lot={lot} />)}
      </PageState>
    </>
  );
}
