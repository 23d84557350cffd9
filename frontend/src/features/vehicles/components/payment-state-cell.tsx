import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { invoiceStateLabel, invoiceStateVariant } from '@/features/vehicles/lib/money-labels';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/**
 * The Payment step of a sold vehicle: the state of its current invoice (Unpaid, Partly paid, Paid, Overdue), which
 * the vehicle answers with itself, and what is still due. Nobody sets it by hand: it follows the payments verified
 * against the invoice. For a role that may view payments it opens the invoice on /invoice-management.
 */
export function PaymentStateCell({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const canViewPayments = useCan('Payments', 'view');
  const invoice = vehicle.invoice;
  if (!invoice) {
    // Sold before invoices existed, or its invoice was cancelled: the vehicle's own Paid mark is all there is.
    return (
      <Flex vertical gap={2} align="start">
        <StatusBadge variant={vehicle.isPaid ? 'success' : 'pending'}>{t(vehicle.isPaid ? 'vehicles.progress.paid' : 'vehicles.progress.unpaid')}</StatusBadge>
        <Typography.Text type="secondary">{t('vehicles.money.noInvoice')}</Typography.Text>
      </Flex>
    );
  }
  const state = invoiceStateLabel(invoice.status);
  const badge = <StatusBadge variant={invoiceStateVariant(invoice.status)}>{state}</StatusBadge>;
  const name = t('vehicles.money.openInvoice', { state, number: invoice.invoiceNo });
  return (
    <Flex vertical gap={2} align="start">
      {canViewPayments ? (
        <Link to={`${paths.invoiceManagement}?invoice=${encodeURIComponent(invoice._id)}`} aria-label={name} title={name}>
          {badge}
        </Link>
      ) : (
        <span title={name}>{badge}</span>
      )}
      {invoice.dueAmount > 0 && invoice.status !== 'paid' && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('vehicles.money.dueValue', { amount: formatAed(invoice.dueAmount) })}
        </Typography.Text>
      )}
    </Flex>
  );
}
