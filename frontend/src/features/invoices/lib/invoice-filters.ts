import { splitDayRange } from '@/components/date-range-filter';
import type { InvoiceQuery } from '@/features/invoices/api/get-invoices';
import { isInvoiceKind, isInvoiceState } from '@/features/invoices/lib/invoice-status';
import type { ListParams } from '@/lib/use-list-params';

/**
 * The filters the invoice list keeps in the URL (?status=overdue&kind=invoice&dates=2031-05-01..&buyer=<id>); the
 * dashboard's 'Invoices due today' opens ?due=2031-05-03..2031-05-03&open=true (due those Dubai days, still open).
 */
export type InvoiceFilter = 'status' | 'kind' | 'dates' | 'buyer' | 'due' | 'open';

export const INVOICE_FILTERS: readonly InvoiceFilter[] = ['status', 'kind', 'dates', 'buyer', 'due', 'open'];

/** The invoices/get body of the list: page, search and filters; a value a hand-edited URL got wrong is left out. */
export function invoiceListQuery(params: ListParams<InvoiceFilter>): InvoiceQuery {
  const { status, kind, dates, buyer, due, open } = params.filters;
  const { from, to } = splitDayRange(dates);
  const dueDays = splitDayRange(due);
  return {
    pageNo: params.page,
    limit: params.limit,
    search: params.search || undefined,
    status: isInvoiceState(status) ? status : undefined,
    kind: isInvoiceKind(kind) ? kind : undefined,
    dateFrom: from,
    dateTo: to,
    memberId: buyer,
    dueFrom: dueDays.from,
    dueTo: dueDays.to,
    open: open === 'true' ? true : undefined,
  };
}
