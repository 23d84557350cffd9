import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText, DataTable } from '@/components/data-table';
import type { Invoice, InvoiceList } from '@/features/invoices/api/get-invoices';
import { InvoiceStateBadge } from '@/features/invoices/components/invoice-state-badge';
import type { InvoiceFilter } from '@/features/invoices/lib/invoice-filters';
import { takesPayments } from '@/features/invoices/lib/invoice-status';
import { formatDate, formatDueDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface InvoicesTableProps {
  data: InvoiceList | undefined;
  loading: boolean;
  list: ListControls<InvoiceFilter>;
  /** The search string that opens an invoice in the drawer, keeping the list as it is. */
  openSearch: (id: string) => string;
}

/**
 * Invoices and credit notes (whose state reads 'Credit note'), newest first; what is still to pay and by when for every
 * document a member pays (a sale, a deposit, a penalty); the number opens the document in the drawer.
 */
export function InvoicesTable({ data, loading, list, openSearch }: InvoicesTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Invoice> = [
    {
      title: t('invoices.columns.number'),
      key: 'invoiceNo',
      fixed: 'start',
      render: (_, invoice) => (
        <Link to={{ search: openSearch(invoice._id) }} replace>
          {invoice.invoiceNo}
        </Link>
      ),
    },
    // What is still to pay (the list's key figure) right after the number: in view at 1024 px.
    { title: t('invoices.columns.open'), key: 'open', align: 'end', render: (_, invoice) => (takesPayments(invoice) ? formatAed(invoice.dueAmount) : '') },
    { title: t('invoices.columns.state'), key: 'state', render: (_, invoice) => <InvoiceStateBadge invoice={invoice} /> },
    { title: t('invoices.columns.total'), key: 'total', align: 'end', render: (_, invoice) => formatAed(invoice.total) },
    { title: t('invoices.columns.issued'), key: 'issued', render: (_, invoice) => formatDate(invoice.invoiceCreatedDate) },
    { title: t('invoices.columns.due'), key: 'due', render: (_, invoice) => (takesPayments(invoice) ? formatDueDate(invoice.dueDate) : '') },
    { title: t('invoices.columns.buyer'), key: 'buyer', render: (_, invoice) => <CellText text={invoice.buyer.name} max={140} /> },
    {
      title: t('invoices.columns.vehicle'),
      key: 'vehicle',
      render: (_, invoice) => (
        <CellText text={invoice.vehicle ? `${t('invoices.lot', { lot: invoice.vehicle.vehicleLotNumber })} · ${invoice.vehicle.title}` : t('invoices.noVehicle')} max={150} />
      ),
    },
  ];
  return <DataTable<Invoice> listKey="invoices" cardColumns={['invoiceNo', 'open', 'buyer']} aria-label={t('invoices.tableLabel')} columns={columns} rows={data?.data} total={data?.totalMatching ?? 0} loading={loading} list={list} />;
}
