import { CarOutlined } from '@ant-design/icons';
import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventRun } from '@/features/auctions/api/get-event';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/** The vehicle on the block: its big photo, run and lot, title, mileage, opening and reserve price. */
export function LaneVehicle({ run }: { run: EventRun }) {
  const { t } = useTranslation();
  const { vehicle } = run;
  const lot = t('auctionEvents.lot', { number: vehicle.vehicleLotNumber });
  const photo = vehicle.images[0] ?? vehicle.thumbnail;
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      {photo ? (
        <img src={photo} alt={t('auctionEvents.photoOf', { lot })} style={{ width: '100%', maxHeight: '46vh', objectFit: 'contain', borderRadius: 8, background: 'rgb(0 0 0 / 6%)' }} />
      ) : (
        <Flex align="center" justify="center" style={{ height: 240, borderRadius: 8, background: 'rgb(0 0 0 / 6%)' }}>
          <CarOutlined aria-label={t('auctionEvents.photoOf', { lot })} style={{ fontSize: 96, opacity: 0.35 }} />
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 18 }}>
        {t('auctionEvents.console.runOf', { run: run.runNumber })} · <Link to={`${paths.vehicle}/${vehicle._id}`}>{lot}</Link>
      </Typography.Text>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {vehicle.title}
      </Typography.Title>
      <Descriptions
        bordered
        size="middle"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'mileage', label: t('auctionEvents.fields.mileage'), children: t('auctionEvents.km', { value: vehicle.mileage.toLocaleString('en-US') }) },
          { key: 'year', label: t('auctionEvents.fields.year'), children: vehicle.year },
          { key: 'opening', label: t('auctionEvents.columns.opening'), children: <strong>{formatAed(vehicle.openingPrice)}</strong> },
          { key: 'reserve', label: t('auctionEvents.columns.reserve'), children: <strong>{vehicle.reservePrice === null ? t('auctionEvents.noReserve') : formatAed(vehicle.reservePrice)}</strong> },
          { key: 'vin', label: t('auctionEvents.console.vin'), children: vehicle.vinNumber },
          { key: 'seller', label: t('auctionEvents.columns.seller'), children: vehicle.sellerName },
        ]}
      />
    </Flex>
  );
}
