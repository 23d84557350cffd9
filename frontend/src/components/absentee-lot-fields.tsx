import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LotView } from '@/api/lot-types';
import { useEventLots } from '@/api/lots';
import { useUpcomingEvents } from '@/api/upcoming-events';
import { useErrorToast } from '@/components/use-error-toast';
import { formatDate } from '@/lib/dates';
import { lanePlace, lotName, takesAbsenteeBids } from '@/lib/lot-labels';
import '@/lib/i18n/strings/lots';

/**
 * The event (starting today or later, not completed) and then its lot, for an absentee bid entered from a member's
 * page. Only lots that still take maxima (waiting or open) are offered. Reports the chosen lot.
 */
export function AbsenteeLotFields({ onLot }: { onLot: (lot: LotView | undefined) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const eventId = Form.useWatch<string | undefined>('eventId', form);
  const events = useUpcomingEvents(true);
  const lots = useEventLots(eventId);
  useErrorToast(events.error, t('lots.errors.eventsFailed'));
  useErrorToast(lots.error, t('lots.errors.lotsFailed'));
  const open = (lots.data?.data ?? []).filter(takesAbsenteeBids);

  return (
    <>
      <Form.Item label={t('lots.absentee.event')} name="eventId" rules={[{ required: true, message: t('lots.absentee.eventRequired') }]}>
        <Select<string>
          aria-label={t('lots.absentee.event')}
          placeholder={t('lots.absentee.eventPlaceholder')}
          loading={events.isFetching}
          notFoundContent={t('lots.absentee.noEvents')}
          options={(events.data ?? []).map((event) => ({ value: event._id, label: t('lots.absentee.eventOption', { auction: event.auctionTitle, date: formatDate(event.startDate) }) }))}
          onChange={() => {
            form.setFieldValue('lotId', undefined);
            onLot(undefined);
          }}
          virtual={false}
        />
      </Form.Item>
      <Form.Item label={t('lots.absentee.lot')} name="lotId" rules={[{ required: true, message: t('lots.absentee.lotRequired') }]}>
        <Select<string>
          aria-label={t('lots.absentee.lot')}
          placeholder={t('lots.absentee.lotPlaceholder')}
          disabled={!eventId}
          loading={lots.isFetching}
          notFoundContent={t('lots.absentee.noLots')}
          showSearch={{ optionFilterProp: 'label' }}
          options={open.map((lot) => ({ value: lot.id, label: `${lotName(lot)} · ${lanePlace(lot)}` }))}
          onChange={(lotId) => onLot(open.find((lot) => lot.id === lotId))}
          virtual={false}
        />
      </Form.Item>
    </>
  );
}
