import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/use-toast';
import type { EventRun } from '@/features/auctions/api/get-event';
import { formatAed } from '@/lib/money';

/** Whether a run still holds the result another copy of it shows (same outcome, buyer, price and time recorded). */
export function sameResult(a: EventRun, b: EventRun): boolean {
  return a.outcome === b.outcome && a.buyer?._id === b.buyer?._id && a.soldFor === b.soldFor && a.recordedAt === b.recordedAt;
}

/** The toast of a result the server accepted: the lot and the outcome ('Lot 1001 sold to Khalid Buyer1 for AED 25,000.00'), with Undo. */
export function useResultToast() {
  const { t } = useTranslation();
  const toast = useToast();
  return (run: EventRun, onUndo: (run: EventRun) => void) => {
    const lot = t('auctionEvents.lot', { number: run.vehicle.vehicleLotNumber });
    if (run.outcome === null) {
      toast.info(t('auctionEvents.console.toast.undone', { lot }));
      return;
    }
    const title =
      run.outcome === 'sold'
        ? t('auctionEvents.console.toast.sold', { lot, buyer: run.buyer?.name ?? '', price: formatAed(run.soldFor) })
        : t('auctionEvents.console.toast.notSold', { lot });
    toast.success(
      title,
      <Button size="small" aria-label={t('auctionEvents.console.toast.undoLot', { lot })} onClick={() => onUndo(run)}>
        {t('auctionEvents.console.toast.undo')}
      </Button>,
    );
  };
}
