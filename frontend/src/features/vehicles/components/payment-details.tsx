import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { sellerName } from '@/features/vehicles/components/seller-select';
import { gatePassLabel } from '@/features/vehicles/lib/progress-fields';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';

/** The 'Payment Details' tab: invoices are not in Gavel yet; a sold vehicle shows its buyer, price and steps. */
export function PaymentDetails({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const buyer = vehicle.buyerInfo?.buyerProfile;
  const yes = (flag: boolean, on: string, off: string) => t(`vehicles.progress.${flag ? on : off}` as 'vehicles.progress.paid');
  return (
    <>
      <Alert type="info" showIcon title={t('vehicles.invoicesNotYet')} style={{ marginBottom: 16 }} />
      {vehicle.status === 'sold' ? (
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'buyer', label: t('vehicles.columns.buyer'), children: buyer ? `${sellerName(buyer)} · ${buyer.email}` : t('common.notAvailable') },
            { key: 'soldFor', label: t('vehicles.columns.soldFor'), children: formatAed(vehicle.soldFor) },
            { key: 'paid', label: t('vehicles.columns.isPaid'), children: yes(vehicle.isPaid, 'paid', 'unpaid') },
            { key: 'gatePass', label: t('vehicles.columns.gatePassStatus'), children: gatePassLabel(vehicle.gatePassStatus) },
            { key: 'released', label: t('vehicles.columns.isReleased'), children: yes(vehicle.isReleased, 'released', 'unreleased') },
            { key: 'releaseDate', label: t('vehicles.releaseDate'), children: formatDate(vehicle.releaseDate) },
          ]}
        />
      ) : (
        <Alert type="warning" showIcon title={t('vehicles.notSold')} />
      )}
    </>
  );
}
