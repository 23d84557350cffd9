import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { eventsQuery } from '@/bidder/api/events';
import { PageState } from '@/bidder/components/page-state';
import { useLocale } from '@/bidder/i18n/locale';
import { bidderPaths } from '@/bidder/lib/bidder-paths';
import { Panel } from '@/bidder/components/panel';

const stateColour = { upcoming: 'blue', running: 'green', ended: 'default' } as const;

/** Upcoming and running auctions, soonest first. */
export function EventsPage() {
  const { t, dateTime } = useLocale();
  const events = useQuery({ ...eventsQuery, refetchInterval: 120_000 });
  return (
    <>
      <Typography.Title level={4}>{t('events.title')}</Typography.Title>
      <PageState pending={events.isPending} error={events.error} retry={() => void events.refetch()} empty={events.data?.length === 0 && t('events.empty')}>
        {events.data?.map((event) => (
          <Link key={event.id} to={bidderPaths.event(event.id)}>
            <Panel className="bidder-link-panel">
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong>{event.title}</Typography.Text>
                <Tag color={stateColour[event.state]}>{t(`events.state.${event.state}`)}</Tag>
              </Flex>
              <Typography.Paragraph type="secondary" className="bidder-no-margin">
                {dateTime(event.startsAt)}
                {event.location ? ` · ${event.location.name}, ${event.location.city}` : ''}
              </Typography.Paragraph>
              <Typography.Text>
                {event.auctionType === 'Live' ? t('events.live') : t('events.online')} · {t('events.lots', { count: event.lotCount })}
              </Typography.Text>
            </Panel>
          </Link>
        ))}
      </PageState>
    </>
  );
}
