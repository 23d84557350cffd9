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
    // The payment pinned at the start, its amount (the list's key figure), invoice and buyer next: in view at 1024 px,
    // and nothing pinned at the end to slide over them.
    { title: t('payments.columns.transaction'), key: 'transaction', fixed: 'start', render: (_, payment) => payment.transactionId },
    { title: t('payments.columns.amount'), key: 'amount', align: 'end', render: (_, payment) => formatAed(payment.amount) },
    {
      title: t('payments.columns.invoice'),
      key: 'invoice',
      render: (_, payment) => <Link to={`${paths.invoiceManagement}?invoice=${encodeURIComponent(payment.invoice._id)}`}>{payment.invoice.invoiceNo}</Link>,
    },
    { title: t('payments.columns.buyer'), key: 'buyer', render: (_, payment) => <CellText text={payment.buyer.name} max={140} /> },
    {
      title: t('payments.columns.confirmation'),
      key: 'confirmation',
      // One line: the state, then who checked it when or why it was rejected, cut with the whole on hover.
      render: (_, payment) => {
        const state = confirmationLabel(payment.paymentConfirmationStatus);
        const checked = payment.verifiedBy ? t('payments.checkedBy', { name: payment.verifiedBy.name, when: formatDateTime(payment.verifiedAt) }) : '';
        const detail = [checked, payment.rejectReason ?? ''].filter(Boolean).join(' · ');
        return (
          <CellText text={detail ? `${state} ${detail}` : state} max={160}>
            <StatusBadge variant={confirmationVariant(payment.paymentConfirmationStatus)}>{state}</StatusBadge>
            {detail && <Typography.Text type="secondary"> {detail}</Typography.Text>}
          </CellText>
        );
      },
    },
    { title: t('payments.columns.received'), key: 'received', render: (_, payment) => formatDateTime(payment.paymentDateAndTime) },
    {
      title: t('payments.columns.method'),
      key: 'method',
      // Hidden until shown from the column chooser, as who recorded it (issue 29: the list fits a 1440 px screen).
      hidden: true,
      render: (_, payment) => (
        <CellText text={payment.paymentReferenceId ? `${methodLabel(payment.paymentMethod)} · ${payment.paymentReferenceId}` : methodLabel(payment.paymentMethod)} max={160} />
      ),
    },
    { title: t('payments.columns.recordedBy'), key: 'recordedBy', hidden: true, render: (_, payment) => payment.recordedBy?.name ?? '' },
    ...(canDecide
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, payment: Payment) =>
              pending(payment) && (
                <Flex gap={8} wrap={false}>
                  <VerdictButton
                    verdict={payment.canVerify}
                    size="small"
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
    <DataTable<Payment> listKey="inbound-payments" cardColumns={['transaction', 'amount', 'buyer']}
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
