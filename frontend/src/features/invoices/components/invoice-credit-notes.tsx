import { Alert, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreditNotes } from '@/features/invoices/api/get-credit-notes';
import type { Invoice } from '@/features/invoices/api/get-invoices';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';

interface InvoiceCreditNotesProps {
  invoiceId: string;
  vehicleId: string | undefined;
  openSearch: (id: string) => string;
}

/** The credit notes that cancel this invoice, each opening in the drawer; or that there are none. */
export function InvoiceCreditNotes({ invoiceId, vehicleId, openSearch }: InvoiceCreditNotesProps) {
  const { t } = useTranslation();
  const notes = useCreditNotes(invoiceId, vehicleId);
  const columns: TableColumnsType<Invoice> = [
    {
      title: t('invoices.creditNotes.number'),
      key: 'number',
      render: (_, note) => (
        <Link to={{ search: openSearch(note._id) }} replace>
          {note.invoiceNo}
        </Link>
      ),
    },
    { title: t('invoices.creditNotes.issued'), key: 'issued', render: (_, note) => formatDate(note.invoiceCreatedDate) },
    { title: t('invoices.creditNotes.total'), key: 'total', align: 'end', render: (_, note) => formatAed(note.total) },
    { title: t('invoices.creditNotes.reason'), key: 'reason', render: (_, note) => note.voidReason ?? '' },
  ];
  if (notes.error) return <Alert type="error" showIcon title={errorMessage(notes.error, t('invoices.errors.fetchFailed'))} />;
  return (
    <Table<Invoice>
      aria-label={t('invoices.creditNotes.label')}
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={notes.data}
      loading={notes.isPending}
      pagination={false}
      locale={{ emptyText: t('invoices.creditNotes.none') }}
    />
  );
}
