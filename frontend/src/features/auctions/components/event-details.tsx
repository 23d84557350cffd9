import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuctionEvent } from '@/features/auctions/api/get-event';
import { EventStatusBadge } from '@/features/auctions/components/event-status';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';

/** The event at a glance: auction, type, yard, start and end (Asia/Dubai), status, results, sold count and total. */
export function EventDetails({ event }: { event: AuctionEvent }) {
  const { t } = useTranslation();
  const yard = event.location.city ? `${event.location.title}, ${event.location.city}` : event.location.title;
  return (
    <Card title={t('auctionEvents.details')}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'auction', label: t('auctionEvents.fields.auction'), children: event.auctionTitle },
          { key: 'type', label: t('auctionEvents.fields.type'), children: event.auctionType },
          { key: 'yard', label: t('auctionEvents.fields.yard'), children: yard },
          { key: 'start', label: t('auctionEvents.fields.start'), children: formatDateTime(event.startDate) },
          { key: 'end', label: t('auctionEvents.fields.end'), children: formatDateTime(event.endDate) },
          { key: 'status', label: t('common.status'), children: <EventStatusBadge status={event.auctionEventStatus} /> },
          { key: 'vehicles', label: t('auctionEvents.fields.vehicles'), children: event.vehicleCount },
          {
            key: 'results',
            label: t('auctionEvents.fields.results'),
            children: t('auctionEvents.resultsOf', { recorded: event.resultsRecorded, count: event.vehicleCount }),
          },
          { key: 'sold', label: t('auctionEvents.fields.sold'), children: t('auctionEvents.soldSummary', { count: event.soldCount, total: formatAed(event.soldTotal) }) },
        ]}
      />
    </Card>
  );
}
