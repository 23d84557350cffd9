import { PlusOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useEvent, type EventRun } from '@/features/auctions/api/get-event';
import { EventAddVehiclesModal } from '@/features/auctions/components/event-add-vehicles-modal';
import { EventCompleteButton } from '@/features/auctions/components/event-complete-button';
import { EventDetails } from '@/features/auctions/components/event-details';
import { EventLanes } from '@/features/auctions/components/event-lanes';
import { EventStatusBadge, eventTakesVehicles } from '@/features/auctions/components/event-status';
import { EventTransferModal } from '@/features/auctions/components/event-transfer-modal';
import { LIST_PATH, type AuctionListName } from '@/features/auctions/lib/auction-lists';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import '@/lib/i18n/strings/auction-events';
import '@/lib/i18n/strings/auctions';

/** The event's details and lanes come with the first row of its vehicles; the tabs read their own pages. */
const SUMMARY = { pageNo: 1, limit: 1 } as const;

const LIST_OF_STATUS: Record<string, AuctionListName> = { draft: 'draft', publish: 'published', unpublished: 'unpublished', completed: 'completed' };

/**
 * /auction-events/:eventId: the event's details, its lanes as tabs (the tab, page and search in the URL), the vehicles
 * in run order with their results; 'Add vehicles', remove, transfer, the lane consoles and 'Complete event'.
 */
export function AuctionEventPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const canEdit = useCan('Auctions', 'edit');
  const canRecord = useCan('Auctions', 'updateStatus');
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<{ runs: EventRun[]; done?: () => void }>({ runs: [] });
  const query = useEvent(eventId, SUMMARY);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useErrorToast(notFound ? null : query.error, t('auctionEvents.errors.fetchFailed'));

  if (notFound) return <Result status="404" title={t('auctionEvents.notFound')} />;
  const event = query.data?.event;
  if (!event) return <Spin spinning={query.isPending} description={t('auctionEvents.loading')} />;
  const list = LIST_OF_STATUS[event.auctionStatus];

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: list ? <Link to={LIST_PATH[list]}>{t('auctionEvents.auctions')}</Link> : t('auctionEvents.auctions') },
          { title: event.auctionTitle },
          { title: formatDate(event.startDate) },
        ]}
      />
      <PageHeader
        title={t('auctionEvents.title', { auction: event.auctionTitle, date: formatDate(event.startDate) })}
        actions={
          <>
            <EventStatusBadge status={event.auctionEventStatus} />
            <Link to={`${paths.auctionEvent}/${event._id}/live`}>{t('auctionEvents.live.liveView')}</Link>
            {canEdit && eventTakesVehicles(event) && (
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('auctionEvents.add.button')}
              </Button>
            )}
            {canRecord && event.auctionEventStatus !== 'completed' && <EventCompleteButton event={event} />}
          </>
        }
      />
      <EventDetails event={event} />
      <EventLanes event={event} onTransfer={(runs, done) => setMoving({ runs, done })} />
      <EventAddVehiclesModal event={event} open={adding} onClose={() => setAdding(false)} />
      <EventTransferModal source={event} runs={moving.runs} onDone={moving.done} onClose={() => setMoving({ runs: [] })} />
    </Flex>
  );
}
