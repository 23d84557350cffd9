import { CarOutlined } from '@ant-design/icons';
import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventRun } from '@/features/auctions/api/get-event';
import { LaneVehicle } from '@/features/auctions/components/lane-vehicle';
import type { LotView } from '@/features/auctions/live/types';
import { formatAed } from '@/lib/money';

/** The lot's vehicle: the lane's run of it (photos, specs, seller) when read, else what the lot itself carries. */
export function LaneLotVehicle({ lot, run }: { lot: LotView; run: EventRun | undefined }) {
  const { t } = useTranslation();
  if (run) return <LaneVehicle run={run} />;
  const name = t('auctionEvents.lot', { number: lot.vehicle.lotNumber ?? lot.runNumber });
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      {lot.vehicle.photoUrl ? (
        <img src={lot.vehicle.photoUrl} alt={t('auctionEvents.photoOf', { lot: name })} style={{ width: '100%', maxHeight: '46vh', objectFit: 'contain', borderRadius: 8 }} />
      ) : (
        <Flex align="center" justify="center" style={{ height: 240, borderRadius: 8, background: 'rgb(0 0 0 / 6%)' }}>
          <CarOutlined aria-label={t('auctionEvents.photoOf', { lot: name })} style={{ fontSize: 96, opacity: 0.35 }} />
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 18 }}>
        {t('auctionEvents.console.runOf', { run: lot.runNumber })} · {name}
      </Typography.Text>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {lot.vehicle.title}
      </Typography.Title>
      <Descriptions
        bordered
        size="middle"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'mileage', label: t('auctionEvents.fields.mileage'), children: t('auctionEvents.km', { value: lot.vehicle.mileage.toLocaleString('en-US') }) },
          { key: 'vin', label: t('auctionEvents.console.vin'), children: lot.vehicle.vin },
          { key: 'opening', label: t('auctionEvents.columns.opening'), children: <strong>{formatAed(lot.openingPrice)}</strong> },
          { key: 'reserve', label: t('auctionEvents.columns.reserve'), children: <strong>{lot.reservePrice === null ? t('auctionEvents.noReserve') : formatAed(lot.reservePrice)}</strong> },
        ]}
      />
    </Flex>
  );
}
