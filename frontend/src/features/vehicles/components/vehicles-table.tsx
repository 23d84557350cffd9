import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import type { Vehicle, VehiclePage } from '@/features/vehicles/api/get-vehicles';
import { MemberLink } from '@/features/vehicles/components/member-info';
import { sellerName } from '@/features/vehicles/components/seller-select';
import { VehicleBulkActions, hasBulkActions } from '@/features/vehicles/components/vehicle-bulk-actions';
import { VehicleCover } from '@/features/vehicles/components/vehicle-cover';
import { VehicleProgressTitle } from '@/features/vehicles/components/vehicle-progress-cell';
import { VehicleStatusCell } from '@/features/vehicles/components/vehicle-status-cell';
import { VehicleStepCell } from '@/features/vehicles/components/vehicle-step-cell';
import { LIST_PROGRESS } from '@/features/vehicles/lib/progress-fields';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import type { VehicleFilter } from '@/features/vehicles/lib/vehicle-query';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';
import type { ListControls } from '@/lib/use-list-params';

interface VehiclesTableProps {
  name: VehicleListName;
  data: VehiclePage | undefined;
  loading: boolean;
  list: ListControls<VehicleFilter>;
}

/** One server page of a vehicle list: cover, lot (a link to the vehicle), details, the list's steps and status; seller and buyer link to their member pages. */
export function VehiclesTable({ name, data, loading, list }: VehiclesTableProps) {
  const { t } = useTranslation();
  const canStatus = useCan('Vehicles', 'updateStatus');
  const canDelete = useCan('Vehicles', 'delete');
  const lotOf = (vehicle: Vehicle) => t('vehicles.lot', { number: vehicle.vehicleLotNumber });

  const columns: TableColumnsType<Vehicle> = [
    { key: 'cover', title: t('vehicles.columns.cover'), render: (_, vehicle) => <VehicleCover vehicle={vehicle} alt={t('vehicles.coverOf', { lot: lotOf(vehicle) })} /> },
    {
      key: 'vehicleLotNumber',
      title: t('vehicles.columns.lot'),
      sorter: true,
      render: (_, vehicle) => <Link to={`${paths.vehicle}/${vehicle._id}`}>{lotOf(vehicle)}</Link>,
    },
    {
      key: 'title',
      title: t('vehicles.fields.title'),
      render: (_, vehicle) => (
        <Link to={`${paths.vehicle}/${vehicle._id}`}>
          <CellText text={vehicle.title} />
        </Link>
      ),
    },
    // The list's own steps and the status come right after the title: the work of the list is in view without scrolling.
    ...LIST_PROGRESS[name].map(
      (field): TableColumnsType<Vehicle>[number] => ({
        key: field,
        title: <VehicleProgressTitle field={field} />,
        render: (_, vehicle) => <VehicleStepCell field={field} vehicle={vehicle} />,
      }),
    ),
    { key: 'status', title: t('common.status'), render: (_, vehicle) => <VehicleStatusCell name={name} vehicle={vehicle} /> },
    { key: 'vinNumber', title: t('vehicles.fields.vinNumber'), dataIndex: 'vinNumber' },
    { key: 'make', title: t('vehicles.fields.make'), dataIndex: 'make', sorter: true },
    { key: 'model', title: t('vehicles.fields.model'), dataIndex: 'model', sorter: true },
    { key: 'year', title: t('vehicles.fields.year'), dataIndex: 'year', sorter: true },
    { key: 'mileage', title: t('vehicles.columns.mileage'), sorter: true, render: (_, vehicle) => t('vehicles.km', { value: vehicle.mileage.toLocaleString('en-US') }) },
    {
      key: 'seller',
      title: t('vehicles.fields.seller'),
      render: (_, vehicle) => (
        <MemberLink member={vehicle.memberProfile}>
          <CellText text={sellerName(vehicle.memberProfile)} />
        </MemberLink>
      ),
    },
    { key: 'openingPrice', title: t('vehicles.fields.openingPrice'), sorter: true, render: (_, vehicle) => formatAed(vehicle.openingPrice) },
  ];
  if (name === 'sold') {
    columns.push(
      { key: 'soldFor', title: t('vehicles.columns.soldFor'), sorter: true, render: (_, vehicle) => formatAed(vehicle.soldFor) },
      {
        key: 'buyer',
        title: t('vehicles.columns.buyer'),
        render: (_, vehicle) =>
          vehicle.buyerInfo ? (
            <MemberLink member={vehicle.buyerInfo.buyerProfile}>
              <CellText text={sellerName(vehicle.buyerInfo.buyerProfile)} />
            </MemberLink>
          ) : (
            t('common.notAvailable')
          ),
      },
    );
  }
  columns.push({ key: 'createdAt', title: t('common.createdAt'), sorter: true, render: (_, vehicle) => formatDate(vehicle.createdAt) });

  return (
    <DataTable<Vehicle> listKey={`vehicles-${name}`}
      aria-label={t(`vehicles.titles.${name}`)}
      columns={columns}
      rows={data?.vehicles}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={lotOf}
      bulkActions={hasBulkActions(name, canStatus, canDelete) ? (ids, clear) => <VehicleBulkActions name={name} ids={ids} onDone={clear} /> : undefined}
    />
  );
}
