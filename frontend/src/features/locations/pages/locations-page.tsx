import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useLocations, type Location, type LocationStatus } from '@/features/locations/api/get-locations';
import { LocationFormModal } from '@/features/locations/components/location-form-modal';
import { LocationsSummary } from '@/features/locations/components/locations-summary';
import { LocationsTable } from '@/features/locations/components/locations-table';
import { LocationsToolbar, type LocationFilter } from '@/features/locations/components/locations-toolbar';
import { pageQuery, useListParams } from '@/lib/use-list-params';

const FILTERS: readonly LocationFilter[] = ['status'];

/** /locations: the yards with counts, search, status filter, add and edit, bulk status and delete. */
export function LocationsPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const canAdd = useCan('Settings', 'add');
  const [modal, setModal] = useState<{ open: boolean; location?: Location }>({ open: false });
  const query = useLocations({ ...pageQuery(list), status: list.filters.status as LocationStatus | undefined });
  useErrorToast(query.error, t('errors.fetchLocationsFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('locations.title')}
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
              {t('locations.add')}
            </Button>
          )
        }
      />
      <LocationsSummary data={query.data} status={list.filters.status} onStatus={(status) => list.setFilter('status', status)} />
      <LocationsToolbar list={list} />
      <LocationsTable data={query.data} loading={query.isFetching} list={list} onEdit={(location) => setModal({ open: true, location })} />
      <LocationFormModal open={modal.open} location={modal.location} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </Flex>
  );
}
