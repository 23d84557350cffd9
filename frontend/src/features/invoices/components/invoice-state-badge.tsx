import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/status-badge';
import type { Invoice } from '@/features/invoices/api/get-invoices';
import { stateLabel, stateVariant } from '@/features/invoices/lib/invoice-status';

/** The invoice's state as a badge; an overdue one says for how many days. */
export function InvoiceStateBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'daysOverdue'> }) {
  const { t } = useTranslation();
  const label = invoice.status === 'overdue' && invoice.daysOverdue > 0 ? t('invoices.overdueDays', { count: invoice.daysOverdue }) : stateLabel(invoice.status);
  return <StatusBadge variant={stateVariant(invoice.status)}>{label}</StatusBadge>;
}
