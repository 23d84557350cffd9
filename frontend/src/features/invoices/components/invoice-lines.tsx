import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail, InvoiceLine } from '@/features/invoices/api/get-invoice';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A VAT rate as people read it: '5%', '0%'. */
export function vatRateLabel(rate: number): string {
  return `${percent.format(rate)}%`;
}

/** Amounts stay on one line; the description wraps. */
const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** The lines as stored (net, VAT rate, VAT and total each), then the subtotal, VAT and total of the document. */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<InvoiceLine> = [
    {
      title: t('invoices.lines.description'),
      key: 'description',
      render: (_, line) => (line.quantity !== 1 && line.quantity !== -1 ? t('invoices.lines.times', { description: line.description, count: line.quantity }) : line.description),
    },
    { title: t('invoices.lines.net'), key: 'net', align: 'end', onCell: nowrap, onHeaderCell: nowrap, render: (_, line) => formatAed(line.amount) },
    { title: t('invoices.lines.vatRate'), key: 'vatRate', align: 'end', onCell: nowrap, onHeaderCell: nowrap, render: (_, line) => vatRateLabel(line.vatRate) },
    { title: t('invoices.lines.vat'), key: 'vat', align: 'end', onCell: nowrap, onHeaderCell: nowrap, render: (_, line) => formatAed(line.vat) },
    { title: t('invoices.lines.total'), key: 'total', align: 'end', onCell: nowrap, onHeaderCell: nowrap, render: (_, line) => formatAed(line.total) },
  ];
  /** A row under the lines: its label in the first column and its amount under Total. */
  const totalRow = (key: string, label: string, amount: number, strong = false) => (
    <Table.Summary.Row key={key}>
      <Table.Summary.Cell index={0} colSpan={4}>
        {strong ? <Typography.Text strong>{label}</Typography.Text> : label}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={4} align="end">
        {strong ? <Typography.Text strong>{formatAed(amount)}</Typography.Text> : formatAed(amount)}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
  return (
    <Table<InvoiceLine>
      aria-label={t('invoices.lines.label')}
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={invoice.lines}
      pagination={false}
      footer={invoice.storageThrough ? () => t('invoices.lines.storageThrough', { day: formatDate(invoice.storageThrough) }) : undefined}
      summary={() => (
        <Table.Summary>
          {totalRow('subtotal', t('invoices.lines.subtotal'), invoice.subtotal)}
          {totalRow('vat', t('invoices.lines.vatTotal'), invoice.vatTotal)}
          {totalRow('total', t('invoices.lines.grandTotal'), invoice.total, true)}
        </Table.Summary>
      )}
    />
  );
}
