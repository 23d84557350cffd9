import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useInvoices } from '@/features/invoices/api/get-invoices';
import { InvoiceDrawer } from '@/features/invoices/components/invoice-drawer';
import { InvoicesSummary } from '@/features/invoices/components/invoices-summary';
import { InvoicesTable } from '@/features/invoices/components/invoices-table';
import { InvoicesToolbar } from '@/features/invoices/components/invoices-toolbar';
import { INVOICE_FILTERS, invoiceListQuery } from '@/features/invoices/lib/invoice-filters';
import { useInvoiceParam } from '@/features/invoices/lib/use-invoice-param';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/audit';
import '@/lib/i18n/strings/invoices';
import '@/lib/i18n/strings/payments';

/** /invoice-management: counts and AED per state, search, filters in the URL, server paging, and the invoice drawer (?invoice=<id>). */
export function InvoicesPage() {
  const { t } = useTranslation();
  const list = useListParams(INVOICE_FILTERS);
  const drawer = useInvoiceParam();
  const query = useInvoices(invoiceListQuery(list));
  useErrorToast(query.error, t('invoices.errors.fetchFailed'));
  const buyer = list.filters.buyer;
  const buyerName = buyer ? query.data?.data.find((invoice) => invoice.buyer._id === buyer)?.buyer.name : undefined;

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('invoices.title')} />
      <InvoicesSummary totals={query.data?.totals} status={list.filters.status} onStatus={(status) => list.setFilter('status', status)} loading={query.isPending} />
      <InvoicesToolbar list={list} buyerName={buyerName} />
      <InvoicesTable data={query.data} loading={query.isFetching} list={list} openSearch={drawer.searchFor} />
      <InvoiceDrawer id={drawer.id} onClose={drawer.close} openSearch={drawer.searchFor} />
    </Flex>
  );
}
