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

/**
 * One server page of a vehicle list: the lot (a link to the vehicle) pinned at the start, cover, title, the sold ones'
 * price and buyer, the list's steps and status, then the details; seller and buyer link to their member pages. Make
 * and model (in the title), the year (a filter above), the creation day and, in Sold, the photo, the status (always
 * sold), the mileage, seller and opening price (in Review too: four small dropdowns a row) are hidden until shown
 * from the column chooser (issue 29: every list fits a 1440 px screen).
 */
export function VehiclesTable({ name, data, loading, list }: VehiclesTableProps) {
  const { t } = useTranslation();
  const canStatus = useCan('Vehicles', 'updateStatus');
  const canDelete = useCan('Vehicles', 'delete');
  const lotOf = (vehicle: Vehicle) => t('vehicles.lot', { number: vehicle.vehicleLotNumber });
  const sold = name === 'sold';
  // Review's rows carry four dropdowns (three steps and the status): its mileage, seller and opening price wait in the
  // chooser, and the title is cut narrower.
  const review = name === 'review';

  const columns: TableColumnsType<Vehicle> = [
    { key: 'cover', title: t('vehicles.columns.cover'), hidden: sold, render: (_, vehicle) => <VehicleCover vehicle={vehicle} alt={t('vehicles.coverOf', { lot: lotOf(vehicle) })} /> },
    {
      key: 'vehicleLotNumber',
      title: t('vehicles.columns.lot'),
      fixed: 'start',
      sorter: true,
      render: (_, vehicle) => <Link to={`${paths.vehicle}/${vehicle._id}`}>{lotOf(vehicle)}</Link>,
    },
    {
      key: 'title',
      title: t('vehicles.fields.title'),
      render: (_, vehicle) => (
        <CellText text={vehicle.title} max={sold ? 120 : review ? 130 : 160}>
          <Link to={`${paths.vehicle}/${vehicle._id}`}>{vehicle.title}</Link>
        </CellText>
      ),
    },
    // The sold ones' price (the Sold list's key figure) and buyer right after the title: in view at 1024 px.
    ...(sold
      ? [
          { key: 'soldFor', title: t('vehicles.columns.soldFor'), align: 'end' as const, sorter: true, render: (_: unknown, vehicle: Vehicle) => formatAed(vehicle.soldFor) },
          {
            key: 'buyer',
            title: t('vehicles.columns.buyer'),
            render: (_: unknown, vehicle: Vehicle) =>
              vehicle.buyerInfo ? (
                <CellText text={sellerName(vehicle.buyerInfo.buyerProfile)} max={110}>
                  <MemberLink member={vehicle.buyerInfo.buyerProfile}>{sellerName(vehicle.buyerInfo.buyerProfile)}</MemberLink>
                </CellText>
              ) : (
                t('common.notAvailable')
              ),
          },
        ]
      : []),
    // The list's own steps and the status come right after the title: the work of the list is in view without scrolling.
    ...LIST_PROGRESS[name].map(
      (field): TableColumnsType<Vehicle>[number] => ({
        key: field,
        title: <VehicleProgressTitle field={field} />,
        render: (_, vehicle) => <VehicleStepCell field={field} vehicle={vehicle} inList />,
      }),
    ),
    { key: 'status', title: t('common.status'), hidden: sold, render: (_, vehicle) => <VehicleStatusCell name={name} vehicle={vehicle} inList /> },
    { key: 'vinNumber', title: t('vehicles.fields.vinNumber'), dataIndex: 'vinNumber' },
    { key: 'make', title: t('vehicles.fields.make'), dataIndex: 'make', hidden: true, sorter: true },
    { key: 'model', title: t('vehicles.fields.model'), dataIndex: 'model', hidden: true, sorter: true },
    { key: 'year', title: t('vehicles.fields.year'), dataIndex: 'year', hidden: true, sorter: true },
    {
      key: 'mileage',
      title: t('vehicles.columns.mileage'),
      align: 'end',
      hidden: sold || review,
      sorter: true,
      render: (_, vehicle) => t('vehicles.km', { value: vehicle.mileage.toLocaleString('en-US') }),
    },
    {
      key: 'seller',
      title: t('vehicles.fields.seller'),
      hidden: sold || review,
      render: (_, vehicle) => (
        <CellText text={sellerName(vehicle.memberProfile)} max={130}>
          <MemberLink member={vehicle.memberProfile}>{sellerName(vehicle.memberProfile)}</MemberLink>
        </CellText>
      ),
    },
    { key: 'openingPrice', title: t('vehicles.fields.openingPrice'), align: 'end', hidden: sold || review, sorter: true, render: (_, vehicle) => formatAed(vehicle.openingPrice) },
    { key: 'createdAt', title: t('common.createdAt'), hidden: true, sorter: true, render: (_, vehicle) => formatDate(vehicle.createdAt) },
  ];

  return (
    <DataTable<Vehicle> listKey={`vehicles-${name}`} cardColumns={sold ? ['vehicleLotNumber', 'soldFor', 'buyer'] : ['vehicleLotNumber', 'title', 'status']}
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
