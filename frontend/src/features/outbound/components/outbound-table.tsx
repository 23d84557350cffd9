import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { VerdictButton } from '@/components/verdict-button';
import type { OutboundList, OutboundPayment } from '@/features/outbound/api/get-outbound-payments';
import { OutboundDocuments } from '@/features/outbound/components/outbound-documents';
import type { OutboundFilter } from '@/features/outbound/lib/outbound-filters';
import { methodLabel, paymentKindLabel, statusLabel, statusVariant } from '@/features/outbound/lib/outbound-status';
import { formatDateTime } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import type { ListControls } from '@/lib/use-list-params';

interface OutboundTableProps {
  data: OutboundList | undefined;
  loading: boolean;
  list: ListControls<OutboundFilter>;
  /** A completion or cancellation is under way. */
  settling: boolean;
  onComplete: (payments: OutboundPayment[], done?: () => void) => void;
  onCancel: (payments: OutboundPayment[], done?: () => void) => void;
}

const pending = (payment: OutboundPayment) => payment.status === 'Pending';

/**
 * Payouts and refunds, newest first: kind, who is paid (their page for roles that may view members), the vehicle,
 * amount, method, status and who completed or cancelled it; Complete and Cancel for each pending one and for the
 * ticked rows (Payments update status), the statement and receipt PDFs for everyone who may view payments. Complete is
 * disabled, the server's reason as its tooltip, for whoever verified the buyer's payment or requested the refund.
 */
export function OutboundTable({ data, loading, list, settling, onComplete, onCancel }: OutboundTableProps) {
  const { t } = useTranslation();
  const canSettle = useCan('Payments', 'updateStatus');
  const canViewMembers = useCan('Members', 'view');
  const canViewVehicles = useCan('Vehicles', 'view');
  const rows = data?.data ?? [];
  const columns: TableColumnsType<OutboundPayment> = [
    // The payment pinned at the start, its amount (the list's key figure) and whom it pays next: in view at 1024 px.
    { title: t('outbound.columns.transaction'), key: 'transaction', fixed: 'start', render: (_, payment) => payment.transactionId },
    { title: t('outbound.columns.amount'), key: 'amount', align: 'end', render: (_, payment) => formatAed(payment.amount) },
    {
      title: t('outbound.columns.payee'),
      key: 'payee',
      render: (_, payment) => {
        const payee = payment.payee ?? payment.member;
        return canViewMembers ? (
          <CellText text={payee.name} max={140}>
            <Link to={`${paths.member}/${encodeURIComponent(payee._id)}`}>{payee.name}</Link>
          </CellText>
        ) : (
          <CellText text={payee.name} max={140} />
        );
      },
    },
    { title: t('outbound.columns.kind'), key: 'kind', render: (_, payment) => paymentKindLabel(payment) },
    {
      title: t('outbound.columns.status'),
      key: 'status',
      // One line: the status, and a cancellation's reason cut with the whole on hover.
      render: (_, payment) => (
        <CellText text={payment.cancelReason ? `${statusLabel(payment.status)} · ${payment.cancelReason}` : statusLabel(payment.status)} max={150}>
          <StatusBadge variant={statusVariant(payment.status)}>{statusLabel(payment.status)}</StatusBadge>
          {payment.cancelReason && <Typography.Text type="secondary"> {payment.cancelReason}</Typography.Text>}
        </CellText>
      ),
    },
    {
      title: t('outbound.columns.vehicle'),
      key: 'vehicle',
      render: (_, { vehicle }) => {
        if (!vehicle) return t('outbound.noVehicle');
        const lot = t('outbound.lot', { lot: vehicle.vehicleLotNumber });
        return canViewVehicles ? <Link to={`${paths.vehicle}/${encodeURIComponent(vehicle._id)}`}>{lot}</Link> : lot;
      },
    },
    {
      title: t('outbound.columns.invoice'),
      key: 'invoice',
      // Hidden until shown from the column chooser, as the method and who settled it (the statement is among the actions).
      hidden: true,
      render: (_, payment) => <Link to={`${paths.invoiceManagement}?invoice=${encodeURIComponent(payment.invoice._id)}`}>{payment.invoice.invoiceNo}</Link>,
    },
    {
      title: t('outbound.columns.date'),
      key: 'date',
      render: (_, payment) => `${formatDateTime(payment.paymentDateAndTime)} (${payment.status === 'Completed' ? t('outbound.dateHint.paid') : t('outbound.dateHint.issued')})`,
    },
    {
      title: t('outbound.columns.method'),
      key: 'method',
      hidden: true,
      render: (_, payment) => (payment.paymentReferenceId ? `${methodLabel(payment.paymentMethod)} · ${payment.paymentReferenceId}` : methodLabel(payment.paymentMethod)),
    },
    {
      title: t('outbound.columns.completedBy'),
      key: 'completedBy',
      hidden: true,
      render: (_, payment) => (payment.completedBy ? t('outbound.byWhom', { name: payment.completedBy.name, when: formatDateTime(payment.completedAt) }) : ''),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, payment) => (
        <Flex gap={8} wrap={false}>
          {canSettle && pending(payment) && (
            <>
              <VerdictButton
                verdict={payment.canComplete}
                size="small"
                type="primary"
                aria-label={t('outbound.actions.completeOne', { payment: payment.transactionId })}
                disabled={settling}
                onClick={() => onComplete([payment])}
              >
                {t('outbound.actions.complete')}
              </VerdictButton>
              <Button size="small" danger aria-label={t('outbound.actions.cancelOne', { payment: payment.transactionId })} disabled={settling} onClick={() => onCancel([payment])}>
                {t('outbound.actions.cancel')}
              </Button>
            </>
          )}
          <OutboundDocuments payment={payment} />
        </Flex>
      ),
    },
  ];
  const selected = (ids: string[]) => rows.filter((payment) => ids.includes(payment._id));
  return (
    <DataTable<OutboundPayment> listKey="outbound-payments" cardColumns={['transaction', 'amount', 'payee']}
      aria-label={t('outbound.tableLabel')}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(payment) => payment.transactionId}
      bulkActions={
        canSettle
          ? (ids, clear) => (
              <>
                <Button icon={<CheckOutlined />} disabled={settling} onClick={() => onComplete(selected(ids), clear)}>
                  {t('outbound.actions.completeSelected')}
                </Button>
                <Button danger icon={<CloseOutlined />} disabled={settling} onClick={() => onCancel(selected(ids), clear)}>
                  {t('outbound.actions.cancelSelected')}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
