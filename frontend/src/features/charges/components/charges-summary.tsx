import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { ChargeList } from '@/features/charges/api/get-charges';

interface ChargesSummaryProps {
  data: ChargeList | undefined;
  active: string | undefined;
  onActive: (value: string | undefined) => void;
}

/** Total, active and inactive charges; each card filters the list. */
export function ChargesSummary({ data, active, onActive }: ChargesSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      items={[
        { key: 'total', label: t('charges.totalCharges'), value: data?.total, onClick: () => onActive(undefined), active: !active },
        { key: 'active', label: t('charges.activeCharges'), value: data?.active, onClick: () => onActive('true'), active: active === 'true' },
        { key: 'inactive', label: t('charges.inactiveCharges'), value: data?.inactive, onClick: () => onActive('false'), active: active === 'false' },
      ]}
    />
  );
}
