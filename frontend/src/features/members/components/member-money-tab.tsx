import { Alert, Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { RecordPaymentAction } from '@/components/record-payment-action';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useMemberInvoices, type MemberInvoice } from '@/features/members/api/get-member-invoices';
import { useMemberPayments, type MemberPayment } from '@/features/members/api/get-member-payments';
import { MemberBuyingPowerPanel } from '@/features/members/components/member-buying-power-panel';
import { MemberInvoiceLink } from '@/features/members/components/member-invoice-link';
import { confirmationLabel, confirmationVariant, documentKindLabel, invoiceStateLabel, invoiceStateVariant, paymentMethodLabel } from '@/features/members/lib/money-labels';
import { formatDate, formatDateTime, formatDueDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 10;

/** 'Lot 1001 · Toyota Land Cruiser', a link to the vehicle for a role that may view vehicles. */
function VehicleLink({ vehicle }: { vehicle: MemberInvoice['vehicle'] }) {
  const { t } = useTranslation();
  const canViewVehicles = useCan('Vehicles', 'view');
  if (!vehicle) return <>{t('members.money.noVehicle')}</>;
  const text = t('members.money.vehicleValue', { lot: vehicle.vehicleLotNumber, title: vehicle.title });
  return canViewVehicles ? <Link to={`${paths.vehicle}/${vehicle._id}`}>{text}</Link> : <>{text}</>;
}

interface MoneySectionProps<T> {
  title: string;
  rows: T[] | undefined;
  total: number;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  failed: boolean;
  failure: string;
  onRetry: () => void;
  empty: string;
  columns: TableColumnsType<T>;
}

/** One server-paged table of the tab, or its failure with 'Try again'. */
function MoneySection<T extends { _id: string }>({ title, rows, total, page, onPage, loading, failed, failure, onRetry, empty, columns }: MoneySectionProps<T>) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (failed && !rows) body = <Alert type="error" showIcon title={failure} action={<Button onClick={onRetry}>{t('members.money.retry')}</Button>} />;
  else
    body = (
      <Table<T>
        aria-label={title}
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: onPage, hideOnSinglePage: true, showSizeChanger: false }}
      />
    );
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {body}
    </section>
  );
}

/**
 * 'Invoices and payments': the member's deposit and buying power (Members view), then the member's invoices and credit notes (as buyer) with their states and figures, and
 * their payments with the confirmation of each; both newest first, ten a page. Numbers open the invoice; whatever is owed (a sale, a deposit,
 * a penalty) is paid from its row (Record payment, Payments add).
 */
export function MemberMoneyTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canViewPayments = useCan('Payments', 'view');
  const canRecord = useCan('Payments', 'add');
  const [invoicePage, setInvoicePage] = useState(1);
  const [paymentPage, setPaymentPage] = useState(1);
  const invoices = useMemberInvoices(memberId, invoicePage, PAGE_SIZE, canViewPayments);
  const payments = useMemberPayments(memberId, paymentPage, PAGE_SIZE, canViewPayments);
  useErrorToast(invoices.error, t('members.errors.invoicesFailed'));
  useErrorToast(payments.error, t('members.errors.paymentsFailed'));

  if (!canViewPayments) {
    return (
      <Flex vertical gap={24}>
        <MemberBuyingPowerPanel memberId={memberId} />
        <Alert type="info" showIcon title={t('members.money.noAccess')} />
      </Flex>
    );
  }

  const invoiceColumns: TableColumnsType<MemberInvoice> = [
    { key: 'invoiceNo', title: t('members.money.number'), render: (_, invoice) => <MemberInvoiceLink id={invoice._id} number={invoice.invoiceNo} /> },
    { key: 'kind', title: t('members.money.kind'), render: (_, invoice) => documentKindLabel(invoice.kind) },
    { key: 'vehicle', title: t('members.money.vehicle'), render: (_, invoice) => <VehicleLink vehicle={invoice.vehicle} /> },
    {
      key: 'state',
      title: t('members.money.state'),
      render: (_, invoice) => (
        <Flex vertical gap={2} align="start">
          <StatusBadge variant={invoiceStateVariant(invoice.status)}>{invoiceStateLabel(invoice.status)}</StatusBadge>
          {invoice.daysOverdue > 0 && <Typography.Text type="danger">{t('members.money.daysOverdue', { count: invoice.daysOverdue })}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'issued', title: t('members.money.issued'), render: (_, invoice) => formatDate(invoice.invoiceCreatedDate) },
    { key: 'dueDate', title: t('members.money.dueDate'), render: (_, invoice) => formatDueDate(invoice.dueDate) },
    { key: 'total', title: t('members.money.total'), align: 'end', render: (_, invoice) => formatAed(invoice.total) },
    { key: 'paid', title: t('members.money.paid'), align: 'end', render: (_, invoice) => formatAed(invoice.paidAmount) },
    { key: 'due', title: t('members.money.due'), align: 'end', render: (_, invoice) => formatAed(invoice.dueAmount) },
    ...(canRecord ? [{ key: 'actions', title: t('common.actions'), render: (_: unknown, invoice: MemberInvoice) => <RecordPaymentAction invoice={invoice} size="small" /> }] : []),
  ];

  const paymentColumns: TableColumnsType<MemberPayment> = [
    { key: 'transactionId', title: t('members.money.transaction'), dataIndex: 'transactionId' },
    { key: 'receivedAt', title: t('members.money.receivedAt'), render: (_, payment) => formatDateTime(payment.paymentDateAndTime) },
    { key: 'invoice', title: t('members.money.invoice'), render: (_, payment) => <MemberInvoiceLink id={payment.invoice._id} number={payment.invoice.invoiceNo} /> },
    { key: 'vehicle', title: t('members.money.vehicle'), render: (_, payment) => <VehicleLink vehicle={payment.vehicle} /> },
    { key: 'method', title: t('members.money.method'), render: (_, payment) => paymentMethodLabel(payment.paymentMethod) },
    { key: 'amount', title: t('members.money.amount'), align: 'end', render: (_, payment) => formatAed(payment.amount) },
    {
      key: 'confirmation',
      title: t('members.money.confirmation'),
      render: (_, payment) => (
        <Flex vertical gap={2} align="start">
          <StatusBadge variant={confirmationVariant(payment.paymentConfirmationStatus)}>{confirmationLabel(payment.paymentConfirmationStatus)}</StatusBadge>
          {payment.rejectReason && <Typography.Text type="secondary">{t('members.money.rejectedBecause', { reason: payment.rejectReason })}</Typography.Text>}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={24}>
      <MemberBuyingPowerPanel memberId={memberId} />
      <MoneySection<MemberInvoice>
        title={t('members.money.invoices')}
        rows={invoices.data?.data}
        total={invoices.data?.totalMatching ?? 0}
        page={invoicePage}
        onPage={setInvoicePage}
        loading={invoices.isFetching}
        failed={invoices.isError}
        failure={t('members.errors.invoicesFailed')}
        onRetry={() => void invoices.refetch()}
        empty={t('members.money.noInvoices')}
        columns={invoiceColumns}
      />
      <MoneySection<MemberPayment>
        title={t('members.money.payments')}
        rows={payments.data?.data}
        total={payments.data?.totalMatching ?? 0}
        page={paymentPage}
        onPage={setPaymentPage}
        loading={payments.isFetching}
        failed={payments.isError}
        failure={t('members.errors.paymentsFailed')}
        onRetry={() => void payments.refetch()}
        empty={t('members.money.noPayments')}
        columns={paymentColumns}
      />
    </Flex>
  );
}
