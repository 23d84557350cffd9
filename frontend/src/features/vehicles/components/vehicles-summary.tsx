import { useTranslation } from 'react-i18next';
import { SummaryCards, type SummaryItem } from '@/components/summary-cards';
import type { VehiclePage } from '@/features/vehicles/api/get-vehicles';
import { useClearFilters } from '@/features/vehicles/lib/use-clear-filters';
import { VEHICLE_LISTS, type CountCard, type VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
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
  const itemOf = (card: CountCard, index: number): SummaryItem => {
    const base = { key: card.count, label: t(`vehicles.counts.${card.count}`), value: data?.[card.count] };
    const { filter } = card;
    if (filter) {
      const active = list.filters[filter.key] === filter.value;
      return { ...base, active, onClick: () => list.setFilter(filter.key, active ? undefined : filter.value) };
    }
    // The list's own count (the first card) shows the whole list again when some card filters it.
    if (index === 0 && cardKeys.length > 0) return { ...base, active: cardKeys.every((key) => !list.filters[key]), onClick: showAll };
    return base;
  };
  return <SummaryCards aria-label={t('common.summary')} loading={data === undefined} items={cards.map(itemOf)} />;
}
