import { EditOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { DataTable } from '@/components/data-table';
import { IconButton } from '@/components/icon-button';
import { LtrText } from '@/components/ltr-text';
import { StatusBadge } from '@/components/status-badge';
import type { Location, LocationList } from '@/features/locations/api/get-locations';
import { LocationBulkActions } from '@/features/locations/components/location-bulk-actions';
import type { LocationFilter } from '@/features/locations/components/locations-toolbar';
import { statusLabel, statusVariant } from '@/features/locations/lib/location-status';
import { formatDate } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface LocationsTableProps {
  data: LocationList | undefined;
  loading: boolean;
  list: ListControls<LocationFilter>;
  onEdit: (location: Location) => void;
}

export function LocationsTable({ data, loading, list, onEdit }: LocationsTableProps) {
  const { t } = useTranslation();
  const canEdit = useCan('Settings', 'edit');
  const canStatus = useCan('Settings', 'updateStatus');
  const canDelete = useCan('Settings', 'delete');
  const missing = t('common.notAvailable');

  const columns: TableColumnsType<Location> = [
    { key: 'title', title: t('locations.titleLabel'), dataIndex: 'title', fixed: 'start', sorter: true },
    {
      key: 'status',
      title: t('common.status'),
      sorter: true,
      render: (_, location) => <StatusBadge variant={statusVariant(location.status)}>{statusLabel(location.status)}</StatusBadge>,
    },
    { key: 'city', title: t('locations.city'), dataIndex: 'city', sorter: true },
    { key: 'state', title: t('locations.emirate'), dataIndex: 'state', sorter: true },
    { key: 'phone', title: t('locations.phone'), dataIndex: 'phone_number', render: (phone: string) => <LtrText>{phone}</LtrText> },
    { key: 'poBox', title: t('locations.poBox'), render: (_, location) => location.fax_number || missing },
    { key: 'manager', title: t('locations.manager'), render: (_, location) => location.general_manager?.fullName ?? missing },
    { key: 'createdAt', title: t('common.createdAt'), sorter: true, render: (_, location) => formatDate(location.createdAt) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, location) => (
        <IconButton icon={<EditOutlined />} label={t('locations.editNamed', { name: location.title })} onClick={() => onEdit(location)} />
      ),
    });
  }

  return (
    <DataTable<Location> listKey="locations" cardColumns={['title', 'status', 'city']}
      aria-label={t('locations.tableLabel')}
      columns={columns}
      rows={data?.locations}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(location) => location.title}
      bulkActions={canStatus || canDelete ? (ids, clear) => <LocationBulkActions ids={ids} onDone={clear} /> : undefined}
    />
  );
}
