import { Alert, Button, Flex, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useInvoicePayments, type InvoicePayment } from '@/features/vehicles/api/get-invoice-payments';
import type { VehicleInvoice } from '@/features/vehicles/api/get-vehicle-invoices';
import { confirmationLabel, confirmationVariant, paymentMethodLabel } from '@/features/vehicles/lib/money-labels';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';

/**
 * The payments recorded against the vehicle's invoice, newest first: when the money came, how, its reference and
 * amount, and its confirmation (Pending until a second staff user verified or rejected it, and by whom).
 */
export function InvoicePayments({ invoice }: { invoice: VehicleInvoice }) {
  const { t } = useTranslation();
  const query = useInvoicePayments(invoice._id);
  useErrorToast(query.error, t('vehicles.errors.paymentsFailed'));
  const title = t('vehicles.money.paymentsOf', { number: invoice.invoiceNo });

  const columns: TableColumnsType<InvoicePayment> = [
    { key: 'transactionId', title: t('vehicles.money.transaction'), dataIndex: 'transactionId' },
    { key: 'receivedAt', title: t('vehicles.money.receivedAt'), render: (_, payment) => formatDateTime(payment.paymentDateAndTime) },
    { key: 'method', title: t('vehicles.money.method'), render: (_, payment) => paymentMethodLabel(payment.paymentMethod) },
    { key: 'reference', title: t('vehicles.money.reference'), render: (_, payment) => payment.paymentReferenceId ?? t('common.notAvailable') },
    { key: 'amount', title: t('vehicles.money.amount'), align: 'end', render: (_, payment) => formatAed(payment.amount) },
    {
      key: 'confirmation',
      title: t('vehicles.money.confirmation'),
      render: (_, payment) => (
        <Flex vertical gap={2} align="start">
          <StatusBadge variant={confirmationVariant(payment.paymentConfirmationStatus)}>{confirmationLabel(payment.paymentConfirmationStatus)}</StatusBadge>
          {payment.rejectReason && <Typography.Text type="secondary">{t('vehicles.money.rejectedBecause', { reason: payment.rejectReason })}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'recordedBy', title: t('vehicles.money.recordedBy'), render: (_, payment) => payment.recordedBy?.name || t('common.notAvailable') },
    {
      key: 'checkedBy',
      title: t('vehicles.money.checkedBy'),
      render: (_, payment) =>
        payment.verifiedBy ? t('vehicles.money.checkedValue', { name: payment.verifiedBy.name, date: formatDateTime(payment.verifiedAt) }) : t('common.notAvailable'),
    },
  ];

  let body;
  if (query.isPending) body = <Spin aria-label={t('vehicles.money.loading')} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('vehicles.errors.paymentsFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('vehicles.money.retry')}</Button>}
      />
    );
  else
    body = (
      <Table<InvoicePayment>
        aria-label={title}
        rowKey="_id"
        columns={columns}
        dataSource={query.data}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('vehicles.money.noPayments', { number: invoice.invoiceNo }) }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    );
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {body}
    </section>
  );
}
