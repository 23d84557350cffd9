import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import type { EventRun } from '@/features/auctions/api/get-event';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/** A run's result: sold to whom for how much (and whether the seller accepted a bid below the reserve), no sale, or not yet. */
export function RunResult({ run }: { run: EventRun }) {
  const { t } = useTranslation();
  if (run.outcome === 'sold') {
    return (
      <Flex vertical gap={2}>
        <span>
          <StatusBadge variant="success">{t('auctionEvents.result.sold')}</StatusBadge>{' '}
          {run.buyer ? (
            <>
              {t('auctionEvents.result.to')} <Link to={`${paths.member}/${run.buyer._id}`}>{run.buyer.name}</Link>{' '}
            </>
          ) : null}
          {t('auctionEvents.result.for', { price: formatAed(run.soldFor) })}
        </span>
        {run.sellerApproved && <Typography.Text type="secondary">{t('auctionEvents.result.sellerAccepted')}</Typography.Text>}
      </Flex>
    );
  }
  if (run.outcome === 'notSold') return <StatusBadge variant="danger">{t('auctionEvents.result.notSold')}</StatusBadge>;
  return <StatusBadge variant="pending">{t('auctionEvents.result.waiting')}</StatusBadge>;
}

/** "Lot 1001". */
export function useLot() {
  const { t } = useTranslation();
  return (run: EventRun) => t('auctionEvents.lot', { number: run.vehicle.vehicleLotNumber });
}

/** Adds up AED amounts in fils (whole numbers), so that a sum never carries a float's rounding error. */
export function sumAed(amounts: (number | null | undefined)[]): number {
  return amounts.reduce<number>((sum, amount) => sum + Math.round((amount ?? 0) * 100), 0) / 100;
}
