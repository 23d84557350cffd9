import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { VerdictButton } from '@/components/verdict-button';
import type { Payment, PaymentList } from '@/features/payments/api/get-payments';
import type { PaymentFilter } from '@/features/payments/lib/payment-filters';
import { confirmationLabel, confirmationVariant, methodLabel } from '@/features/payments/lib/payment-status';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import type { ListControls } from '@/lib/use-list-params';

interface PaymentsTableProps {
  data: PaymentList | undefined;
  loading: boolean;
  list: ListControls<PaymentFilter>;
  /** A verification or rejection is under way. */
  deciding: boolean;
  onVerify: (payments: Payment[], done?: () => void) => void;
  onReject: (payments: Payment[], done?: () => void) => void;
}

const pending = (payment: Payment) => payment.paymentConfirmationStatus === 'Pending';

/**
 * Inbound payments, newest first; the invoice number opens the invoice; Verify and Reject for each waiting one and for
 * the ticked rows. Whoever recorded a payment sees its Verify and Reject disabled, the server's reason as the tooltip.
 */
export function PaymentsTable({ data, loading, list, deciding, onVerify, onReject }: PaymentsTableProps) {
  const { t } = useTranslation();
  const canDecide = useCan('Payments', 'updateStatus');
  const rows = data?.data ?? [];
  const columns: TableColumnsType<Payment> = [
    { title: t('payments.columns.transaction'), key: 'transaction', render: (_, payment) => payment.transactionId },
    { title: t('payments.columns.received'), key: 'received', render: (_, payment) => formatDateTime(payment.paymentDateAndTime) },
    { title: t('payments.columns.amount'), key: 'amount', align: 'right', render: (_, payment) => formatAed(payment.amount) },
    {
      title: t('payments.columns.method'),
      key: 'method',
      render: (_, payment) => (payment.paymentReferenceId ? `${methodLabel(payment.paymentMethod)} · ${payment.paymentReferenceId}` : methodLabel(payment.paymentMethod)),
    },
    {
      title: t('payments.columns.confirmation'),
      key: 'confirmation',
      render: (_, payment) => (
        <Flex vertical gap={2} align="start">
          <StatusBadge variant={confirmationVariant(payment.paymentConfirmationStatus)}>{confirmationLabel(payment.paymentConfirmationStatus)}</StatusBadge>
          {payment.verifiedBy && (
            <Typography.Text type="secondary">{t('payments.checkedBy', { name: payment.verifiedBy.name, when: formatDateTime(payment.verifiedAt) })}</Typography.Text>
          )}
          {payment.rejectReason && (
            <Typography.Text type="secondary">
              <CellText text={payment.rejectReason} />
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('payments.columns.invoice'),
      key: 'invoice',
      render: (_, payment) => <Link to={`${paths.invoiceManagement}?invoice=${encodeURIComponent(payment.invoice._id)}`}>{payment.invoice.invoiceNo}</Link>,
    },
    { title: t('payments.columns.buyer'), key: 'buyer', render: (_, payment) => payment.buyer.name },
    { title: t('payments.columns.recordedBy'), key: 'recordedBy', render: (_, payment) => payment.recordedBy?.name ?? '' },
    ...(canDecide
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, payment: Payment) =>
              pending(payment) && (
                <Flex gap={8}>
                  <VerdictButton
                    verdict={payment.canVerify}
                    size="small"
                    icon={<CheckOutlined />}
                    aria-label={t('payments.verifyOne', { payment: payment.transactionId })}
                    disabled={deciding}
                    onClick={() => onVerify([payment])}
                  >
                    {t('payments.verify')}
                  </VerdictButton>
                  <VerdictButton
                    verdict={payment.canReject}
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={t('payments.rejectOne', { payment: payment.transactionId })}
                    disabled={deciding}
                    onClick={() => onReject([payment])}
                  >
                    {t('payments.reject.button')}
                  </VerdictButton>
                </Flex>
              ),
          },
        ]
      : []),
  ];
  const selected = (ids: string[]) => rows.filter((payment) => ids.includes(payment._id));
  return (
    <DataTable<Payment> listKey="inbound-payments"
      aria-label={t('payments.tableLabel')}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(payment) => payment.transactionId}
      bulkActions={
        canDecide
          ? (ids, clear) => (
              <>
                <Button icon={<CheckOutlined />} disabled={deciding} onClick={() => onVerify(selected(ids), clear)}>
                  {t('payments.verifySelected')}
                </Button>
                <Button danger icon={<CloseOutlined />} disabled={deciding} onClick={() => onReject(selected(ids), clear)}>
                  {t('payments.rejectSelected')}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
