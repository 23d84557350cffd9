import { Alert, Flex, Modal, Spin, Typography } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auctionEventsQueryOptions } from '@/features/auctions/api/get-auction-events';
import { publishSummary, type EventSummary } from '@/features/auctions/lib/publish-summary';
import { formatDate } from '@/lib/dates';

export interface PublishTarget {
  _id: string;
  auctionTitle: string;
}

interface AuctionPublishModalProps {
  /** The auctions to publish; none closes the dialog. */
  auctions: PublishTarget[];
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function EventLine({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const date = formatDate(event.startDate);
  if (event.vehicles === 0) return <li>{t('auctions.publish.eventEmpty', { date })}</li>;
  const lanes = event.lanes.map((lane) => t('auctions.publish.lane', { lane: lane.letter, count: lane.vehicles })).join(' · ');
  return (
    <li>
      {t('auctions.publish.event', { date, count: event.vehicles })}: {lanes}
      {event.emptyLanes.length > 0 && (
        <Typography.Text type="warning"> {t('auctions.publish.emptyLanes', { lanes: event.emptyLanes.join(', '), count: event.emptyLanes.length })}</Typography.Text>
      )}
    </li>
  );
}

/**
 * 'Publish' asks first, with what bidders will see: for each auction its events, the vehicles in each lane and the
 * empty lanes by name; an event without vehicles stays a draft (the server publishes only events holding vehicles).
 */
export function AuctionPublishModal({ auctions, pending, onConfirm, onCancel }: AuctionPublishModalProps) {
  const { t } = useTranslation();
  const answers = useQueries({ queries: auctions.map((auction) => auctionEventsQueryOptions(auction._id)) });
  const loading = answers.some((answer) => answer.isPending);
  const failed = answers.some((answer) => answer.isError);
  const subject = auctions.length === 1 && auctions[0] ? auctions[0].auctionTitle : t('auctions.subject', { count: auctions.length });
  return (
    <Modal
      open={auctions.length > 0}
      title={t('auctions.publish.title', { subject })}
      onOk={onConfirm}
      onCancel={onCancel}
      okText={t('auctions.publish.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: loading }}
      confirmLoading={pending}
      centered
      destroyOnHidden
    >
      <Spin spinning={loading}>
        <Flex vertical gap={12}>
          {failed && <Alert type="warning" showIcon title={t('auctions.publish.summaryFailed')} />}
          {auctions.map((auction, index) => {
            const events = publishSummary(answers[index]?.data ?? []);
            return (
              <section key={auction._id} aria-label={auction.auctionTitle}>
                <Typography.Text strong>
                  {auction.auctionTitle} · {t('auctions.publish.events', { count: events.length })}
                </Typography.Text>
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                  {events.map((event) => (
                    <EventLine key={event._id} event={event} />
                  ))}
                </ul>
              </section>
            );
          })}
        </Flex>
      </Spin>
    </Modal>
  );
}
