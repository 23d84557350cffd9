import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { LocationList } from '@/features/locations/api/get-locations';

interface LocationsSummaryProps {
  data: LocationList | undefined;
  status: string | undefined;
  onStatus: (status: string | undefined) => void;
}

/** Total, active and inactive locations; each card filters the list. */
export function LocationsSummary({ data, status, onStatus }: LocationsSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      items={[
        { key: 'total', label: t('locations.totalLocations'), value: data?.totalLocations, onClick: () => onStatus(undefined), active: !status },
        { key: 'active', label: t('locations.activeLocations'), value: data?.activeLocations, onClick: () => onStatus('active'), active: status === 'active' },
        {
          key: 'inactive',
          label: t('locations.inactiveLocations'),
          value: data?.inActiveLocations,
          onClick: () => onStatus('inActive'),
          active: status === 'inActive',
        },
      ]}
    />
  );
}
