import dayjs from 'dayjs';
import { splitDayRange } from '@/components/date-range-filter';
import type { OutboundQuery } from '@/features/outbound/api/get-outbound-payments';
import { isKind, isMethod, isStatus } from '@/features/outbound/lib/outbound-status';
import { APP_TIME_ZONE } from '@/lib/dates';
import type { ListParams } from '@/lib/use-list-params';

/** The filters the outbound list keeps in the URL (?kind=payout&status=Pending&method=cheque&dates=2031-05-01..&member=<id>). */
export type OutboundFilter = 'kind' | 'status' | 'method' | 'dates' | 'member';

export const OUTBOUND_FILTERS: readonly OutboundFilter[] = ['kind', 'status', 'method', 'dates', 'member'];

/**
 * The get-payments body of the list (direction outbound is added by the call); a value a hand-edited URL got wrong
 * is left out. The dates are when the money left (a pending one: when it was issued).
 */
export function outboundListQuery(params: ListParams<OutboundFilter>): OutboundQuery {
  const { kind, status, method, dates, member } = params.filters;
  const { from, to } = splitDayRange(dates);
  return {
    pageNo: params.page,
    limit: params.limit,
    search: params.search || undefined,
    kind: isKind(kind) ? kind : undefined,
    status: isStatus(status) ? status : undefined,
    method: isMethod(method) ? method : undefined,
    dateFrom: from,
    dateTo: to,
    memberId: member,
  };
}

/** The URL day range of this Dubai calendar month so far ('2031-05-01..'): what 'Completed this month' counts. */
export function thisMonthRange(): string {
  return `${dayjs().tz(APP_TIME_ZONE).format('YYYY-MM')}-01..`;
}
