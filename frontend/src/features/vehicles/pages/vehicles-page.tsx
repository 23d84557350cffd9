import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { useErrorToast } from '@/components/use-error-toast';
import { useVehicles } from '@/features/vehicles/api/get-vehicles';
import { AddVehicleModal } from '@/features/vehicles/components/add-vehicle-modal';
import { ExportVehiclesButton } from '@/features/vehicles/components/export-vehicles-button';
import { VehicleFilters } from '@/features/vehicles/components/vehicle-filters';
import { VehiclesSummary } from '@/features/vehicles/components/vehicles-summary';
import { VehiclesTable } from '@/features/vehicles/components/vehicles-table';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import { VEHICLE_FILTERS, vehicleQuery } from '@/features/vehicles/lib/vehicle-query';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/dashboard-totals';
import '@/lib/i18n/strings/vehicles';

/**
 * /un-approved-vehicles, /approved-vehicles, /rejected-vehicles, /sold-vehicles, /canceled-vehicles: one status
 * list with its counts, search, filters, CSV export, the list's dropdowns and bulk actions; Review adds vehicles.
 */
export function VehiclesPage({ list: name }: { list: VehicleListName }) {
  const { t } = useTranslation();
  const list = useListParams(VEHICLE_FILTERS);
  const canAdd = useCan('Vehicles', 'add');
  const [adding, setAdding] = useState(false);
  const body = vehicleQuery(name, list);
  const query = useVehicles(body);
  useErrorToast(query.error, t('vehicles.errors.fetchFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t(`vehicles.titles.${name}`)}
        actions={
          <>
            <ExportVehiclesButton query={body} />
            {name === 'review' && canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('vehicles.add')}
              </Button>
            )}
          </>
        }
      />
      <VehiclesSummary name={name} data={query.data} list={list} />
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('vehicles.searchPlaceholder')} aria-label={t('vehicles.search')} />
      <VehicleFilters name={name} list={list} />
      <VehiclesTable name={name} data={query.data} loading={query.isFetching} list={list} />
      {name === 'review' && <AddVehicleModal open={adding} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
