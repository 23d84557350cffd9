import { Alert, Breadcrumb, Card, Descriptions, Flex, Result, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { PageHeader } from '@/components/page-header';
import { StatusBadge } from '@/components/status-badge';
import { HistoryTab } from '@/components/history-tab';
import { useErrorToast } from '@/components/use-error-toast';
import { useVehicle } from '@/features/vehicles/api/get-vehicle';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { AuctionDetails } from '@/features/vehicles/components/auction-details';
import { MemberInfo } from '@/features/vehicles/components/member-info';
import { PaymentDetails } from '@/features/vehicles/components/payment-details';
import { VehicleGallery } from '@/features/vehicles/components/vehicle-gallery';
import { VehicleInfoForm } from '@/features/vehicles/components/vehicle-info-form';
import { VehicleStatusCell } from '@/features/vehicles/components/vehicle-status-cell';
import { VehicleStepCell } from '@/features/vehicles/components/vehicle-step-cell';
import { LIST_PROGRESS, progressName } from '@/features/vehicles/lib/progress-fields';
import { fromVehicle } from '@/features/vehicles/lib/vehicle-form';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import { statusLabel, statusReason, statusVariant } from '@/features/vehicles/lib/vehicle-status';
import { paths } from '@/lib/paths';
import { useTabParam } from '@/lib/use-tab-param';
import '@/lib/i18n/strings/audit';
import '@/lib/i18n/strings/vehicles';

const LIST_OF_STATUS: Record<string, { path: string; key: VehicleListName }> = {
  pending: { path: paths.reviewVehicles, key: 'review' },
  approved: { path: paths.approvedVehicles, key: 'approved' },
  rejected: { path: paths.rejectedVehicles, key: 'rejected' },
  sold: { path: paths.soldVehicles, key: 'sold' },
  cancelled: { path: paths.canceledVehicles, key: 'canceled' },
};

const TABS = ['info', 'member', 'auction', 'payment', 'history'] as const;

/**
 * The status and the steps of the vehicle's list, with the list's own cells (the same options, locks and
 * privilege rules): Received, SVD and Inspection in review; once sold, payment (its invoice's state) and the
 * gate pass as they stand, and release; Returned once cancelled. After review, its review steps stay in view as
 * they ended.
 */
function VehicleSteps({ vehicle, list }: { vehicle: Vehicle; list: VehicleListName }) {
  const { t } = useTranslation();
  const reason = statusReason(vehicle);
  const done = list === 'review' ? [] : LIST_PROGRESS.review;
  return (
    <Card title={t('vehicles.steps')}>
      <Flex vertical gap={12}>
        {reason && <Alert type={vehicle.status === 'rejected' ? 'error' : 'info'} showIcon title={reason} />}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'status', label: t('common.status'), children: <VehicleStatusCell name={list} vehicle={vehicle} /> },
            ...LIST_PROGRESS[list].map((field) => ({ key: field, label: progressName(field), children: <VehicleStepCell field={field} vehicle={vehicle} /> })),
            ...done.map((field) => ({ key: field, label: progressName(field), children: <VehicleStepCell field={field} vehicle={vehicle} readOnly /> })),
          ]}
        />
      </Flex>
    </Card>
  );
}

/**
 * /vehicles/:vehicleId: the vehicle's status and steps, its photo gallery and four tabs (SPEC.md section 2). The
 * open tab is in the URL (?tab=member), so a reload or a shared link opens it; every change refreshes the page.
 */
export function VehicleDetailPage() {
  const { t } = useTranslation();
  const { vehicleId = '' } = useParams();
  const [tab, setTab] = useTabParam(TABS);
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
      {home && <VehicleSteps vehicle={vehicle} list={home.key} />}
      <Card>
        <VehicleGallery vehicle={vehicle} />
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            // Keyed by the form's own values: a step or status change elsewhere on the page keeps unsaved edits.
            { key: 'info', label: t('vehicles.tabs.info'), children: <VehicleInfoForm key={JSON.stringify(fromVehicle(vehicle))} vehicle={vehicle} /> },
            { key: 'member', label: t('vehicles.tabs.member'), children: <MemberInfo vehicle={vehicle} /> },
            { key: 'auction', label: t('vehicles.tabs.auction'), children: <AuctionDetails vehicle={vehicle} /> },
            { key: 'payment', label: t('vehicles.tabs.payment'), children: <PaymentDetails vehicle={vehicle} /> },
            { key: 'history', label: t('audit.history.title'), children: <HistoryTab entity="vehicle" entityId={vehicle._id} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
