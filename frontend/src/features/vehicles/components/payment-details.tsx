import { Alert, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { MemberLink } from '@/features/vehicles/components/member-info';
import { VehicleGatePasses } from '@/features/vehicles/components/vehicle-gate-passes';
import { VehicleInvoices } from '@/features/vehicles/components/vehicle-invoices';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';

/** Who bought the vehicle (a link to them), for how much, and when it was released. */
function SaleSummary({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const buyer = vehicle.buyerInfo?.buyerProfile;
  return (
    <section aria-label={t('vehicles.money.sale')}>
      <Descriptions
        title={t('vehicles.money.sale')}
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'buyer', label: t('vehicles.columns.buyer'), children: buyer ? <><MemberLink member={buyer} /> · {buyer.email}</> : t('common.notAvailable') },
          { key: 'soldFor', label: t('vehicles.columns.soldFor'), children: formatAed(vehicle.soldFor) },
          { key: 'released', label: t('vehicles.columns.isReleased'), children: t(vehicle.isReleased ? 'vehicles.progress.released' : 'vehicles.progress.unreleased') },
          { key: 'releaseDate', label: t('vehicles.releaseDate'), children: formatDate(vehicle.releaseDate) },
        ]}
      />
    </section>
  );
}

/**
 * The 'Payment Details' tab: the sale; the vehicle's invoices and credit notes with the payments of its invoice
 * (for a role that may view payments); and, once sold, its gate passes. A vehicle whose sale was corrected keeps
 * its documents here after it left the Sold list.
 */
export function PaymentDetails({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const canViewPayments = useCan('Payments', 'view');
  const sold = vehicle.status === 'sold';
  return (
    <Flex vertical gap={24}>
      {sold ? <SaleSummary vehicle={vehicle} /> : <Alert type="info" showIcon title={t('vehicles.notSold')} />}
      {canViewPayments ? <VehicleInvoices vehicle={vehicle} /> : sold && <Alert type="info" showIcon title={t('vehicles.money.noAccess')} />}
      {sold && <VehicleGatePasses vehicle={vehicle} />}
    </Flex>
  );
}
