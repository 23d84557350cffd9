import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { VehiclePage } from '@/features/vehicles/api/get-vehicles';
import { useClearFilters } from '@/features/vehicles/lib/use-clear-filters';
import { VEHICLE_LISTS, type VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import type { VehicleFilter } from '@/features/vehicles/lib/vehicle-query';
import type { ListControls } from '@/lib/use-list-params';

interface VehiclesSummaryProps {
  name: VehicleListName;
  data: VehiclePage | undefined;
  list: ListControls<VehicleFilter>;
}

/** The counts that matter to this list (SPEC.md section 3); paid, assigned, returned... cards filter it. */
export function VehiclesSummary({ name, data, list }: VehiclesSummaryProps) {
  const { t } = useTranslation();
  const cards = VEHICLE_LISTS[name].cards;
  const cardKeys = cards.flatMap((card) => (card.filter ? [card.filter.key] : []));
  const clearFilters = useClearFilters();
  const showAll = () => clearFilters(cardKeys);
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={data === undefined}
      items={cards.map((card, index) => ({
        key: card.count,
        label: t(`vehicles.counts.${card.count}`),
        value: data?.[card.count],
        ...(card.filter
          ? {
              onClick: () => list.setFilter(card.filter!.key, list.filters[card.filter!.key] === card.filter!.value ? undefined : card.filter!.value),
              active: list.filters[card.filter.key] === card.filter.value,
            }
          : index === 0 && cardKeys.length > 0
            ? { onClick: showAll, active: cardKeys.every((key) => !list.filters[key]) }
            : {}),
      }))}
    />
  );
}
