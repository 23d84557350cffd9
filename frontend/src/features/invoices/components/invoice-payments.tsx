import { Alert, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { useInvoicePayments, type InvoicePayment } from '@/features/invoices/api/get-invoice-payments';
import { confirmationLabel, confirmationVariant, methodLabel } from '@/features/invoices/lib/payment-words';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/** The payments recorded against an invoice: when, how, how much, and whether a second person verified them. */
export function InvoicePayments({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const payments = useInvoicePayments(invoiceId, true);
  const columns: TableColumnsType<InvoicePayment> = [
    {
      title: t('invoices.payments.transaction'),
      key: 'transaction',
      render: (_, payment) => <Link to={`${paths.inboundPayments}?search=${encodeURIComponent(payment.transactionId)}`}>{payment.transactionId}</Link>,
    },
    { title: t('invoices.payments.received'), key: 'received', render: (_, payment) => formatDateTime(payment.paymentDateAndTime) },
    {
      title: t('invoices.payments.method'),
      key: 'method',
      render: (_, payment) => (payment.paymentReferenceId ? `${methodLabel(payment.paymentMethod)} · ${payment.paymentReferenceId}` : methodLabel(payment.paymentMethod)),
    },
    { title: t('invoices.payments.amount'), key: 'amount', align: 'end', render: (_, payment) => formatAed(payment.amount) },
    {
      title: t('invoices.payments.confirmation'),
      key: 'confirmation',
      render: (_, payment) => (
        <>
          <StatusBadge variant={confirmationVariant(payment.paymentConfirmationStatus)}>{confirmationLabel(payment.paymentConfirmationStatus)}</StatusBadge>
          {payment.rejectReason && <Typography.Text type="secondary"> {payment.rejectReason}</Typography.Text>}
        </>
      ),
    },
    {
      title: t('invoices.payments.people'),
      key: 'people',
      render: (_, payment) =>
        payment.verifiedBy
          ? t('invoices.payments.recordedAndChecked', { recorded: payment.recordedBy?.name ?? t('common.notAvailable'), checked: payment.verifiedBy.name })
          : t('invoices.payments.recordedBy', { recorded: payment.recordedBy?.name ?? t('common.notAvailable') }),
    },
  ];
  if (payments.error) return <Alert type="error" showIcon title={errorMessage(payments.error, t('payments.errors.fetchFailed'))} />;
  return (
    <Table<InvoicePayment>
      aria-label={t('invoices.payments.label')}
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={payments.data}
      loading={payments.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('invoices.payments.none') }}
    />
  );
}
