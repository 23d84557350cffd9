import { Alert, Empty, Flex, Segmented, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useMemberVehicleCounts, type MemberVehicleCounts } from '@/features/members/api/get-member-vehicle-counts';
import { useMemberVehicles, type SellerVehicle, type VehicleStatus } from '@/features/members/api/get-member-vehicles';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

const STATUSES: readonly VehicleStatus[] = ['pending', 'approved', 'rejected', 'sold', 'cancelled'];
const PAGE_SIZE = 10;
/** The URL parameter of the chosen status (?tab=vehicles&vehicleStatus=cancelled). */
const STATUS_PARAM = 'vehicleStatus';

function asStatus(value: string | null): VehicleStatus | undefined {
  return STATUSES.find((status) => status === value);
}

/** The status the tab opens on: the first one that has vehicles, so a member whose only vehicle is cancelled shows it. */
function firstWithVehicles(counts: MemberVehicleCounts | undefined): VehicleStatus {
  return STATUSES.find((status) => (counts?.[status] ?? 0) > 0) ?? 'pending';
}

type Buyer = NonNullable<SellerVehicle['buyerInfo']>['buyerProfile'];

function buyerName(buyer: Buyer): string {
  const name = `${buyer.firstName} ${buyer.lastName}`;
  return buyer.companyName ? `${name} (${buyer.companyName})` : name;
}

/**
 * 'Vehicles': what the member sells, one vehicle status at a time, each status with its count. The status is in
 * the URL; without one the tab opens on the first status that has vehicles. Titles open the vehicle, a sold
 * vehicle's buyer opens the buyer; purchases and payments wait for invoices.
 */
export function MemberVehiclesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canView = useCan('Vehicles', 'view');
  const [params, setParams] = useSearchParams();
  const counts = useMemberVehicleCounts(memberId, canView);
  const chosen = asStatus(params.get(STATUS_PARAM));
  const status = chosen ?? firstWithVehicles(counts.data);
  const [paging, setPaging] = useState({ status, page: 1 });
  const page = paging.status === status ? paging.page : 1;
  // The list waits for the counts only when it has to choose the status itself.
  const ready = canView && (chosen !== undefined || !counts.isPending);
  const empty = counts.data?.total === 0;
  const query = useMemberVehicles({ seller: memberId, status, pageNo: page, limit: PAGE_SIZE }, ready && !empty);
  useErrorToast(query.error, t('members.errors.vehiclesFailed'));
  useErrorToast(counts.error, t('members.errors.vehicleCountsFailed'));

  const choose = (next: VehicleStatus) =>
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        url.set(STATUS_PARAM, next);
        return url;
      },
      { replace: true },
    );

  const columns: TableColumnsType<SellerVehicle> = [
    { key: 'lot', title: t('members.vehicles.lot'), dataIndex: 'vehicleLotNumber' },
    {
      key: 'title',
      title: t('members.vehicles.title'),
      render: (_, vehicle) => (
        <Link to={`${paths.vehicle}/${vehicle._id}`}>
          <CellText text={vehicle.title || `${vehicle.year} ${vehicle.make} ${vehicle.model}`} />
        </Link>
      ),
    },
    { key: 'vin', title: t('members.vehicles.vin'), dataIndex: 'vinNumber' },
    { key: 'status', title: t('members.columns.status'), render: (_, vehicle) => <StatusBadge>{t(`members.vehicles.status.${vehicle.status as VehicleStatus}`)}</StatusBadge> },
    { key: 'openingPrice', title: t('members.vehicles.openingPrice'), render: (_, vehicle) => formatAed(vehicle.openingPrice) },
  ];
  if (status === 'rejected' || status === 'cancelled') {
    columns.push({ key: 'reason', title: t('members.vehicles.reason'), render: (_, vehicle) => <CellText text={vehicle.statusReason ?? t('common.notAvailable')} /> });
  }
  if (status === 'sold') {
    columns.push(
      { key: 'soldFor', title: t('members.vehicles.soldFor'), render: (_, vehicle) => formatAed(vehicle.soldFor) },
      {
        key: 'buyer',
        title: t('members.vehicles.buyer'),
        render: (_, vehicle) => {
          const buyer = vehicle.buyerInfo?.buyerProfile;
          if (!buyer) return t('common.notAvailable');
          return (
            <Link to={`${paths.member}/${buyer._id}`}>
              <CellText text={buyerName(buyer)} />
            </Link>
          );
        },
      },
    );
  }
  columns.push({ key: 'createdAt', title: t('members.vehicles.submitted'), render: (_, vehicle) => formatDate(vehicle.createdAt) });

  const list = () => {
    if (!ready) return <Spin aria-label={t('members.vehicles.loading')} />;
    if (empty) return <Empty description={t('members.vehicles.noVehicles')} />;
    return (
      <>
        <Segmented<VehicleStatus>
          aria-label={t('members.vehicles.statusFilter')}
          value={status}
          onChange={choose}
          options={STATUSES.map((value) => ({
            value,
            label: (
              <span>
                {t(`members.vehicles.status.${value}`)}{' '}
                {counts.data && <Typography.Text type="secondary">{counts.data[value].toLocaleString('en-US')}</Typography.Text>}
              </span>
            ),
          }))}
        />
        <Table<SellerVehicle>
          aria-label={t('members.vehicles.tableLabel')}
          rowKey="_id"
          columns={columns}
          dataSource={query.data?.data.vehicles}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('members.vehicles.none') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.data.totalMatching ?? 0,
            onChange: (next) => setPaging({ status, page: next }),
            showSizeChanger: false,
          }}
        />
      </>
    );
  };

  return (
    <Flex vertical gap={12}>
      {canView ? list() : <Alert type="info" showIcon title={t('members.vehicles.noAccess')} />}
      <Alert type="info" showIcon title={t('members.vehicles.purchasesLater')} />
    </Flex>
  );
}
