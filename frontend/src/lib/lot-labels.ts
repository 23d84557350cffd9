import type { BidSource, LotView } from '@/api/lot-types';
import i18n from '@/lib/i18n/i18n';

/** "Lot 1001 · Nissan Patrol 2020", or the title alone when the vehicle has no lot number yet. */
export function lotName(lot: Pick<LotView, 'vehicle'>): string {
  const number = lot.vehicle.lotNumber;
  return number === null || number === undefined
    ? lot.vehicle.title
    : i18n.t('lots.lotName', { number, title: lot.vehicle.title });
}

/** "Lane 1, run 4". */
export function lanePlace(lot: Pick<LotView, 'laneNumber' | 'runNumber'>): string {
  return i18n.t('lots.lanePlace', { lane: lot.laneNumber, run: lot.runNumber });
}

/** Floor, Absentee, Online. */
export function sourceLabel(source: BidSource | null | undefined): string {
  return source ? i18n.t(`lots.source.${source}`) : i18n.t('common.notAvailable');
}

/** Waiting, Open, Sold, On approval, No sale, Withdrawn (a closed lot by its result). */
export function lotStateLabel(lot: Pick<LotView, 'state' | 'result'>): string {
  if (lot.state === 'closed' && lot.result) return i18n.t(`lots.result.${lot.result}`);
  return i18n.t(`lots.state.${lot.state}`);
}

/** Whether staff may still enter or withdraw a maximum on the lot: before it closes (waiting or open). */
export function takesAbsenteeBids(lot: Pick<LotView, 'state'>): boolean {
  return lot.state === 'waiting' || lot.state === 'open';
}
