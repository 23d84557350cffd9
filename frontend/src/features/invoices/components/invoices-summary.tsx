import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { InvoiceList } from '@/features/invoices/api/get-invoices';
import { INVOICE_STATES, stateLabel } from '@/features/invoices/lib/invoice-status';
import { formatAed } from '@/lib/money';

interface InvoicesSummaryProps {
  totals: InvoiceList['totals'] | undefined;
  status: string | undefined;
  onStatus: (status: string | undefined) => void;
  loading: boolean;
}

type Total = NonNullable<InvoiceList['totals']>[string] | undefined;

function detailOf(total: Total, t: TFunction): string {
  const still = total?.stillToPay;
  return still === undefined || still === null ? formatAed(total?.amount ?? 0) : t('invoices.stillToPay', { amount: formatAed(still) });
}

/** Count and AED total of the invoices in each state (over all invoices); a card filters the list, a second click clears it. */
export function InvoicesSummary({ totals, status, onStatus, loading }: InvoicesSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={loading}
      items={INVOICE_STATES.map((state) => ({
        key: state,
        label: stateLabel(state),
        value: totals ? (totals[state]?.count ?? 0) : undefined,
        // An open state shows what is still to pay on it (the dashboard's figure); the others their totals.
        detail: totals ? detailOf(totals[state], t) : undefined,
        onClick: () => onStatus(status === state ? undefined : state),
        active: status === state,
      }))}
    />
  );
}
