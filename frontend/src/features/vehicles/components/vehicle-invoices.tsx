import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { downloadInvoicePdf } from '@/features/vehicles/api/download-invoice-pdf';
import { currentInvoice, useVehicleInvoices, type VehicleInvoice } from '@/features/vehicles/api/get-vehicle-invoices';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { InvoicePayments } from '@/features/vehicles/components/invoice-payments';
import { documentKindLabel, invoiceStateLabel, invoiceStateVariant } from '@/features/vehicles/lib/money-labels';
import { usePdfDownload } from '@/components/use-pdf-download';
import { formatDate, formatDueDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/**
 * The vehicle's invoices and credit notes, newest first, each with its state, figures, due date (Dubai) and PDF;
 * then the payments of its current invoice. The number opens the document on /invoice-management.
 */
export function VehicleInvoices({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const query = useVehicleInvoices(vehicle._id);
  const pdf = usePdfDownload(t('vehicles.errors.pdfFailed'));
  useErrorToast(query.error, t('vehicles.errors.invoicesFailed'));
  const documents = query.data ?? [];
  const numberOf = (id: string | null) => documents.find((document) => document._id === id)?.invoiceNo;

  const columns: TableColumnsType<VehicleInvoice> = [
    {
      key: 'invoiceNo',
      title: t('vehicles.money.number'),
      render: (_, document) => (
        <Flex vertical gap={2}>
          <Link to={`${paths.invoiceManagement}?invoice=${encodeURIComponent(document._id)}`}>{document.invoiceNo}</Link>
          {document.creditFor && (
            <Typography.Text type="secondary">{t('vehicles.money.creditFor', { number: numberOf(document.creditFor) ?? t('common.notAvailable') })}</Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'kind', title: t('vehicles.money.kind'), render: (_, document) => documentKindLabel(document.kind) },
    {
      key: 'state',
      title: t('vehicles.money.state'),
      render: (_, document) => (
        <Flex vertical gap={2} align="start">
          <StatusBadge variant={invoiceStateVariant(document.status)}>{invoiceStateLabel(document.status)}</StatusBadge>
          {document.daysOverdue > 0 && <Typography.Text type="danger">{t('vehicles.money.daysOverdue', { count: document.daysOverdue })}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'issued', title: t('vehicles.money.issued'), render: (_, document) => formatDate(document.invoiceCreatedDate) },
    { key: 'dueDate', title: t('vehicles.money.dueDate'), render: (_, document) => formatDueDate(document.dueDate) },
    { key: 'total', title: t('vehicles.money.total'), align: 'end', render: (_, document) => formatAed(document.total) },
    { key: 'paid', title: t('vehicles.money.paid'), align: 'end', render: (_, document) => formatAed(document.paidAmount) },
    { key: 'pending', title: t('vehicles.money.pending'), align: 'end', render: (_, document) => formatAed(document.pendingAmount) },
    { key: 'due', title: t('vehicles.money.due'), align: 'end', render: (_, document) => formatAed(document.dueAmount) },
    {
      key: 'pdf',
      title: t('common.actions'),
      render: (_, document) => (
        <Button
          icon={<DownloadOutlined />}
          loading={pdf.running === document._id}
          aria-label={t('vehicles.money.downloadPdfOf', { number: document.invoiceNo })}
          onClick={() => pdf.start(document._id, () => downloadInvoicePdf(document))}
        >
          {t('vehicles.money.downloadPdf')}
        </Button>
      ),
    },
  ];

  const title = t('vehicles.money.invoices');
  let body;
  if (query.isPending) body = <Spin aria-label={t('vehicles.money.loading')} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('vehicles.errors.invoicesFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('vehicles.money.retry')}</Button>}
      />
    );
  else
    body = (
      <Table<VehicleInvoice>
        aria-label={title}
        rowKey="_id"
        columns={columns}
        dataSource={documents}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('vehicles.money.noInvoices') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    );
  const current = currentInvoice(query.data);
  return (
    <>
      <section aria-label={title}>
        <Typography.Title level={5}>{title}</Typography.Title>
        {body}
      </section>
      {current && <InvoicePayments invoice={current} />}
    </>
  );
}
