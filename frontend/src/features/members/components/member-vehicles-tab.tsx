import { Alert, Flex, Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useMemberVehicles, type SellerVehicle, type VehicleStatus } from '@/features/members/api/get-member-vehicles';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

const STATUSES: readonly VehicleStatus[] = ['pending', 'approved', 'rejected', 'sold', 'cancelled'];
const PAGE_SIZE = 10;

/** 'Vehicles': what the member sells, one vehicle status at a time; purchases and payments wait for invoices. */
export function MemberVehiclesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canView = useCan('Vehicles', 'view');
  const [status, setStatus] = useState<VehicleStatus>('pending');
  const [page, setPage] = useState(1);
  const query = useMemberVehicles({ seller: memberId, status, pageNo: page, limit: PAGE_SIZE }, canView);
  useErrorToast(query.error, t('members.errors.vehiclesFailed'));

  const columns: TableColumnsType<SellerVehicle> = [
    { key: 'lot', title: t('members.vehicles.lot'), dataIndex: 'vehicleLotNumber' },
    {
      key: 'title',
      title: t('members.vehicles.title'),
      render: (_, vehicle) => <Link to={`${paths.vehicle}/${vehicle._id}`}>{vehicle.title || `${vehicle.year} ${vehicle.make} ${vehicle.model}`}</Link>,
    },
    { key: 'vin', title: t('members.vehicles.vin'), dataIndex: 'vinNumber' },
    { key: 'status', title: t('members.columns.status'), render: (_, vehicle) => <StatusBadge>{t(`members.vehicles.status.${vehicle.status as VehicleStatus}`)}</StatusBadge> },
    { key: 'openingPrice', title: t('members.vehicles.openingPrice'), render: (_, vehicle) => formatAed(vehicle.openingPrice) },
    { key: 'soldFor', title: t('members.vehicles.soldFor'), render: (_, vehicle) => formatAed(vehicle.soldFor) },
    { key: 'createdAt', title: t('members.vehicles.submitted'), render: (_, vehicle) => formatDate(vehicle.createdAt) },
  ];

  return (
    <Flex vertical gap={12}>
      {canView ? (
        <>
          <Segmented<VehicleStatus>
            aria-label={t('members.vehicles.statusFilter')}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            options={STATUSES.map((value) => ({ value, label: t(`members.vehicles.status.${value}`) }))}
          />
          <Table<SellerVehicle>
            aria-label={t('members.vehicles.tableLabel')}
            rowKey="_id"
            columns={columns}
            dataSource={query.data?.data.vehicles}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('members.vehicles.none') }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: query.data?.data.totalMatching ?? 0, onChange: setPage, showSizeChanger: false }}
          />
        </>
      ) : (
        <Alert type="info" showIcon title={t('members.vehicles.noAccess')} />
      )}
      <Alert type="info" showIcon title={t('members.vehicles.purchasesLater')} />
    </Flex>
  );
}
