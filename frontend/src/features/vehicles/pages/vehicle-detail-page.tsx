import { Breadcrumb, Card, Flex, Result, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { PageHeader } from '@/components/page-header';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useVehicle } from '@/features/vehicles/api/get-vehicle';
import { AuctionDetails } from '@/features/vehicles/components/auction-details';
import { MemberInfo } from '@/features/vehicles/components/member-info';
import { PaymentDetails } from '@/features/vehicles/components/payment-details';
import { VehicleGallery } from '@/features/vehicles/components/vehicle-gallery';
import { VehicleInfoForm } from '@/features/vehicles/components/vehicle-info-form';
import { statusLabel, statusVariant } from '@/features/vehicles/lib/vehicle-status';
import { paths } from '@/lib/paths';

const LIST_OF_STATUS: Record<string, { path: string; key: 'review' | 'approved' | 'rejected' | 'sold' | 'canceled' }> = {
  pending: { path: paths.reviewVehicles, key: 'review' },
  approved: { path: paths.approvedVehicles, key: 'approved' },
  rejected: { path: paths.rejectedVehicles, key: 'rejected' },
  sold: { path: paths.soldVehicles, key: 'sold' },
  cancelled: { path: paths.canceledVehicles, key: 'canceled' },
};

/** /vehicles/:vehicleId: the vehicle in four tabs (SPEC.md section 2) and its photo gallery. */
export function VehicleDetailPage() {
  const { t } = useTranslation();
  const { vehicleId = '' } = useParams();
  const query = useVehicle(vehicleId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useErrorToast(notFound ? null : query.error, t('vehicles.errors.fetchOneFailed'));

  if (notFound) return <Result status="404" title={t('vehicles.notFound')} extra={<Link to={paths.reviewVehicles}>{t('vehicles.backToReview')}</Link>} />;
  const vehicle = query.data;
  if (!vehicle) return <Spin spinning={query.isPending} description={t('vehicles.loading')} />;
  const home = LIST_OF_STATUS[vehicle.status];
  const lot = t('vehicles.lot', { number: vehicle.vehicleLotNumber });

  return (
    <Flex vertical gap={16}>
      {home && <Breadcrumb items={[{ title: <Link to={home.path}>{t(`vehicles.titles.${home.key}`)}</Link> }, { title: lot }]} />}
      <PageHeader
        title={`${lot} · ${vehicle.title}`}
        actions={
          <Space>
            <StatusBadge variant={statusVariant(vehicle.status)}>{statusLabel(vehicle.status)}</StatusBadge>
            <span>{vehicle.vinNumber}</span>
          </Space>
        }
      />
      <Card>
        <VehicleGallery vehicle={vehicle} />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'info', label: t('vehicles.tabs.info'), children: <VehicleInfoForm key={vehicle.updatedAt} vehicle={vehicle} /> },
            { key: 'member', label: t('vehicles.tabs.member'), children: <MemberInfo vehicle={vehicle} /> },
            { key: 'auction', label: t('vehicles.tabs.auction'), children: <AuctionDetails vehicle={vehicle} /> },
            { key: 'payment', label: t('vehicles.tabs.payment'), children: <PaymentDetails vehicle={vehicle} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
