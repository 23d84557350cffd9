import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SummaryCards, type SummaryItem } from '@/components/summary-cards';
import type { VehiclePage } from '@/features/vehicles/api/get-vehicles';
import { useClearFilters } from '@/features/vehicles/lib/use-clear-filters';
import { VEHICLE_LISTS, type CountCard, type VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import type { VehicleFilter } from '@/features/vehicles/lib/vehicle-query';
import type { ListControls } from '@/lib/use-list-params';

/** A card's label with what it counts in a tooltip (the icon is reachable by keyboard and reads the sentence). */
function LabelWithHint({ label, hint }: { label: string; hint: string }) {
  return (
    <span>
      {label}
      <Tooltip title={hint}>
        <InfoCircleOutlined aria-label={hint} tabIndex={0} style={{ marginInlineStart: 6 }} />
      </Tooltip>
    </span>
  );
}

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
    const label = t(`vehicles.counts.${card.count}`);
    // 'Review total' says what it counts: every vehicle on Review, as the top bar's badge (docs/decisions.md).
    const shown = card.count === 'reviewTotal' ? <LabelWithHint label={label} hint={t('dashboardTotals.reviewTotalCard')} /> : label;
    const base = { key: card.count, label: shown, value: data?.[card.count] };
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
