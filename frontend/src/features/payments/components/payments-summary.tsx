import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { PaymentList } from '@/features/payments/api/get-payments';
import { CONFIRMATIONS, confirmationLabel } from '@/features/payments/lib/payment-status';
import { formatAed } from '@/lib/money';

interface PaymentsSummaryProps {
  totals: PaymentList['totals'] | undefined;
  confirmation: string | undefined;
  onConfirmation: (value: string | undefined) => void;
  loading: boolean;
}

/** Count and AED sum of the payments per confirmation (over all payments); a card filters the list, a second click clears it. */
export function PaymentsSummary({ totals, confirmation, onConfirmation, loading }: PaymentsSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={loading}
      items={CONFIRMATIONS.map((value) => ({
        key: value,
        label: confirmationLabel(value),
        value: totals ? (totals[value]?.count ?? 0) : undefined,
        detail: totals ? formatAed(totals[value]?.amount ?? 0) : undefined,
        onClick: () => onConfirmation(confirmation === value ? undefined : value),
        active: confirmation === value,
      }))}
    />
  );
}
