import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SellerSelect } from '@/features/vehicles/components/seller-select';
import { TextFilter } from '@/features/vehicles/components/text-filter';
import { useClearFilters } from '@/features/vehicles/lib/use-clear-filters';
import { BODY_STYLES, FUEL_TYPES, TRANSMISSIONS, plainOptions } from '@/features/vehicles/lib/vehicle-options';
import { VEHICLE_FILTERS, type VehicleFilter } from '@/features/vehicles/lib/vehicle-query';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import type { ListControls } from '@/lib/use-list-params';

/** Make, model, year and price ranges, fuel, body style, transmission, seller, and assigned or not (Approved). */
export function VehicleFilters({ name, list }: { name: VehicleListName; list: ListControls<VehicleFilter> }) {
  const { t } = useTranslation();
  const text = (key: VehicleFilter, numeric = false, width?: number) => (
    <TextFilter
      aria-label={t(`vehicles.filters.${key}` as 'vehicles.filters.make')}
      placeholder={t(`vehicles.filters.${key}` as 'vehicles.filters.make')}
      value={list.filters[key]}
      onApply={(value) => list.setFilter(key, value)}
      numeric={numeric}
      width={width}
    />
  );
  const choice = (key: VehicleFilter, values: readonly string[]) => (
    <FilterSelect
      aria-label={t(`vehicles.filters.${key}` as 'vehicles.filters.make')}
      placeholder={t(`vehicles.filters.${key}` as 'vehicles.filters.make')}
      value={list.filters[key]}
      options={plainOptions(values)}
      onChange={(value) => list.setFilter(key, value)}
    />
  );
  const clearFilters = useClearFilters();
  const anySet = VEHICLE_FILTERS.some((key) => list.filters[key]);
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label={t('vehicles.filters.label')}>
      {text('make')}
      {text('model')}
      {text('yearFrom', true, 110)}
      {text('yearTo', true, 110)}
      {text('priceFrom', true, 130)}
      {text('priceTo', true, 130)}
      {choice('fuelType', FUEL_TYPES)}
      {choice('bodyStyle', BODY_STYLES)}
      {choice('transmission', TRANSMISSIONS)}
      <SellerSelect aria-label={t('vehicles.filters.seller')} placeholder={t('vehicles.filters.seller')} value={list.filters.seller} onChange={(value) => list.setFilter('seller', value)} allowClear />
      {name === 'approved' && (
        <FilterSelect
          aria-label={t('vehicles.filters.assigned')}
          placeholder={t('vehicles.filters.assigned')}
          value={list.filters.assigned}
          options={[
            { value: 'true', label: t('vehicles.counts.assigned') },
            { value: 'false', label: t('vehicles.counts.unassigned') },
          ]}
          onChange={(value) => list.setFilter('assigned', value)}
        />
      )}
      {anySet && (
        <Button type="link" onClick={() => clearFilters(VEHICLE_FILTERS)}>
          {t('vehicles.filters.clear')}
        </Button>
      )}
    </Flex>
  );
}
