import { Card, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useCalendarEvents } from '@/features/auctions/api/get-calendar-events';
import { AuctionCalendar } from '@/features/auctions/components/auction-calendar';
import { CalendarLegend } from '@/features/auctions/components/calendar-legend';
import { CalendarToolbar } from '@/features/auctions/components/calendar-toolbar';
import { anchorOf, CALENDAR_PARAMS, calendarQuery, viewOf } from '@/features/auctions/lib/calendar-range';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/auctions';

/**
 * /calendar: every auction event in a month or a week (Dubai time), coloured by status, filtered by location and
 * auction type; an event opens its page. View, day and filters live in the URL.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const controls = useListParams(CALENDAR_PARAMS);
  const view = viewOf(controls.filters.view);
  const anchor = anchorOf(controls.filters.date);
  const query = useCalendarEvents(calendarQuery(view, anchor, controls.filters));
  useErrorToast(query.error, t('auctions.errors.calendarFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('auctions.calendar.title')} />
      <CalendarToolbar view={view} anchor={anchor} controls={controls} />
      <CalendarLegend />
      <Card size="small">
        <Spin spinning={query.isFetching}>
          <AuctionCalendar view={view} anchor={anchor} events={query.data ?? []} />
        </Spin>
      </Card>
    </Flex>
  );
}
