import { splitDayRange } from '@/components/date-range-filter';
import type { PaymentQuery } from '@/features/payments/api/get-payments';
import { isConfirmation, isPaymentMethod } from '@/features/payments/lib/payment-status';
import type { ListParams } from '@/lib/use-list-params';

/** The filters the payments list keeps in the URL (?confirmation=Pending&method=card&dates=2031-05-01..&buyer=<id>). */
export type PaymentFilter = 'method' | 'confirmation' | 'dates' | 'buyer';

export const PAYMENT_FILTERS: readonly PaymentFilter[] = ['method', 'confirmation', 'dates', 'buyer'];

/** The get-payments body of the list; a value a hand-edited URL got wrong is left out. The dates are when the money arrived. */
export function paymentListQuery(params: ListParams<PaymentFilter>): PaymentQuery {
  const { method, confirmation, dates, buyer } = params.filters;
  const { from, to } = splitDayRange(dates);
  return {
    pageNo: params.page,
    limit: params.limit,
    search: params.search || undefined,
    method: isPaymentMethod(method) ? method : undefined,
    confirmation: isConfirmation(confirmation) ? confirmation : undefined,
    dateFrom: from,
    dateTo: to,
    memberId: buyer,
  };
}
