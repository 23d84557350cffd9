import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import type { EventRun } from '@/features/auctions/api/get-event';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

/** A sold run's hammer price (the event page's key figure, a column of its own); nothing before a sale. */
export function RunHammer({ run }: { run: EventRun }) {
  return run.outcome === 'sold' ? formatAed(run.soldFor) : null;
}

/**
 * A run's result on one line: sold to whom (and whether the seller accepted a bid below the reserve), cut past its
 * width with the whole on hover; no sale, or not yet. The price is the Hammer column's.
 */
export function RunResult({ run }: { run: EventRun }) {
  const { t } = useTranslation();
  if (run.outcome === 'sold') {
    const sold = t('auctionEvents.result.sold');
    const to = run.buyer ? ` ${t('auctionEvents.result.to')} ${run.buyer.name}` : '';
    const accepted = run.sellerApproved ? ` · ${t('auctionEvents.result.sellerAccepted')}` : '';
    return (
      <CellText text={`${sold}${to}${accepted}`} max={200}>
        <StatusBadge variant="success">{sold}</StatusBadge>
        {run.buyer ? (
          <>
            {' '}
            {t('auctionEvents.result.to')} <Link to={`${paths.member}/${run.buyer._id}`}>{run.buyer.name}</Link>
          </>
        ) : null}
        {run.sellerApproved && <Typography.Text type="secondary">{accepted}</Typography.Text>}
      </CellText>
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
