import { splitDayRange } from '@/components/date-range-filter';
import type { Channel, MessageQuery } from '@/features/alerts/api/get-messages';
import { isEvent, isMessageStatus } from '@/features/alerts/lib/message-status';
import type { ListParams } from '@/lib/use-list-params';

/** The filters a channel's messages keep in the URL (?status=failed&event=memberApproved&dates=2031-05-01..). */
export type MessageFilter = 'status' | 'event' | 'dates';

export const MESSAGE_FILTERS: readonly MessageFilter[] = ['status', 'event', 'dates'];

/** The messages body of a channel's list; a value a hand-edited URL got wrong is left out. Dates are Dubai days written. */
export function messageListQuery(channel: Channel, params: ListParams<MessageFilter>): MessageQuery {
  const { status, event, dates } = params.filters;
  const { from, to } = splitDayRange(dates);
  return {
    channel,
    pageNo: params.page,
    limit: params.limit,
    search: params.search || undefined,
    status: isMessageStatus(status) ? status : undefined,
    event: isEvent(event) ? event : undefined,
    dateFrom: from,
    dateTo: to,
  };
}
