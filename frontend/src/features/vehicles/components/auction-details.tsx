import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { formatDate } from '@/lib/dates';

/** The 'Auction Details' tab: the auction and event the vehicle is in, once auctions exist in Gavel. */
export function AuctionDetails({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const missing = t('common.notAvailable');
  return (
    <>
      <Alert type="info" showIcon title={t('vehicles.auctionsNotYet')} style={{ marginBottom: 16 }} />
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'auction', label: t('vehicles.auction.auction'), children: vehicle.auctionId ?? missing },
          { key: 'auctionDate', label: t('vehicles.auction.auctionDate'), children: formatDate(vehicle.auctionDate) },
          { key: 'event', label: t('vehicles.auction.event'), children: vehicle.eventId ?? missing },
          { key: 'eventDate', label: t('vehicles.auction.eventDate'), children: formatDate(vehicle.eventDate) },
        ]}
      />
    </>
  );
}
