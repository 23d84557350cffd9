import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import type { InvoiceDetail } from '@/features/invoices/api/get-invoice';
import { InvoiceStateBadge } from '@/features/invoices/components/invoice-state-badge';
import { takesPayments } from '@/features/invoices/lib/invoice-status';
import { formatDate, formatDueDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

interface InvoiceDetailsProps {
  invoice: InvoiceDetail;
  /** For a credit note: the number of the invoice it cancels (once known) and the search string opening it. */
  creditFor?: { search: string; number?: string };
}

/** Number, state, dates (Dubai), buyer, vehicle (its lot opens the vehicle), issuer and the money figures. */
export function InvoiceDetails({ invoice, creditFor }: InvoiceDetailsProps) {
  const { t } = useTranslation();
  const canViewVehicles = useCan('Vehicles', 'view');
  const canViewMembers = useCan('Members', 'view');
  const isInvoice = takesPayments(invoice);
  const vehicle = invoice.vehicle;
  const lot = vehicle ? t('invoices.lot', { lot: vehicle.vehicleLotNumber }) : t('invoices.noVehicle');
  const buyerName = canViewMembers ? <Link to={`${paths.member}/${invoice.buyer._id}`}>{invoice.buyer.name}</Link> : invoice.buyer.name;
  const items = [
    { key: 'number', label: t('invoices.detail.number'), children: invoice.invoiceNo },
    { key: 'state', label: t('invoices.detail.state'), children: <InvoiceStateBadge invoice={invoice} /> },
    { key: 'issued', label: t('invoices.detail.issued'), children: formatDate(invoice.invoiceCreatedDate) },
    ...(isInvoice ? [{ key: 'due', label: t('invoices.detail.due'), children: formatDueDate(invoice.dueDate) }] : []),
    { key: 'sale', label: t('invoices.detail.saleDate'), children: formatDate(invoice.saleDate) },
    {
      key: 'buyer',
      label: invoice.kind === 'settlement' ? t('invoices.detail.seller') : t('invoices.detail.buyer'),
      children: invoice.buyer.trn ? (
        <>
          {buyerName} · {t('invoices.detail.trn', { trn: invoice.buyer.trn })}
        </>
      ) : (
        buyerName
      ),
    },
    {
      key: 'vehicle',
      label: t('invoices.detail.vehicle'),
      span: 'filled' as const,
      children: (
        <>
          {vehicle ? (
            <>
              {canViewVehicles ? <Link to={`${paths.vehicle}/${vehicle._id}`}>{lot}</Link> : lot} · {vehicle.title} · {t('invoices.detail.vin', { vin: vehicle.vinNumber })}
            </>
          ) : (
            lot
          )}
        </>
      ),
    },
    {
      key: 'issuer',
      label: t('invoices.detail.issuer'),
      span: 'filled' as const,
      children: invoice.businessTrn ? `${invoice.businessName} · ${t('invoices.detail.trn', { trn: invoice.businessTrn })}` : invoice.businessName,
    },
    ...(creditFor
      ? [{ key: 'creditFor', label: t('invoices.detail.cancels'), span: 'filled' as const, children: <Link to={{ search: creditFor.search }} replace>{creditFor.number ?? t('invoices.detail.openCancelled')}</Link> }]
      : []),
    ...(invoice.voidReason ? [{ key: 'reason', label: t('invoices.detail.voidReason'), span: 'filled' as const, children: invoice.voidReason }] : []),
    ...(isInvoice
      ? [
          { key: 'paid', label: t('invoices.detail.paid'), children: formatAed(invoice.paidAmount) },
          { key: 'pending', label: t('invoices.detail.pending'), children: formatAed(invoice.pendingAmount) },
          { key: 'dueAmount', label: t('invoices.detail.dueAmount'), children: formatAed(invoice.dueAmount) },
          {
            key: 'overdue',
            label: t('invoices.detail.overdue'),
            children: invoice.daysOverdue > 0 ? t('invoices.detail.overdueFor', { amount: formatAed(invoice.overdueAmount), count: invoice.daysOverdue }) : t('invoices.detail.notOverdue'),
          },
        ]
      : []),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}
