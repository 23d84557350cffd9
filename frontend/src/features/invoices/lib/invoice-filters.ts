import { splitDayRange } from '@/components/date-range-filter';
import type { InvoiceQuery } from '@/features/invoices/api/get-invoices';
import { isInvoiceKind, isInvoiceState } from '@/features/invoices/lib/invoice-status';
import type { ListParams } from '@/lib/use-list-params';

/** The filters the invoice list keeps in the URL (?status=overdue&kind=invoice&dates=2031-05-01..&buyer=<id>). */
export type InvoiceFilter = 'status' | 'kind' | 'dates' | 'buyer';

export const INVOICE_FILTERS: readonly InvoiceFilter[] = ['status', 'kind', 'dates', 'buyer'];

/** The invoices/get body of the list: page, search and filters; a value a hand-edited URL got wrong is left out. */
export function invoiceListQuery(params: ListParams<InvoiceFilter>): InvoiceQuery {
  const { status, kind, dates, buyer } = params.filters;
  const { from, to } = splitDayRange(dates);
  return {
    pageNo: params.page,
    limit: params.limit,
    search: params.search || undefined,
    status: isInvoiceState(status) ? status : undefined,
    kind: isInvoiceKind(kind) ? kind : undefined,
    dateFrom: from,
    dateTo: to,
    memberId: buyer,
  };
}
