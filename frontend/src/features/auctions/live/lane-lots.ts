import type { EventRun } from '@/features/auctions/api/get-event';
import type { LotDetail, LotView } from '@/features/auctions/live/types';

export interface LaneLots {
  /** The lane's lots in run order. */
  lots: LotView[];
  /** The lot on the block: a floor sale whose buyer is still to be named, else the open lot, else the next waiting. */
  current: LotView | undefined;
  /** The current lot is a floor sale: the clerk names the buyer from the room (the lane's result path). */
  naming: boolean;
  /** The waiting lots after the current one. */
  next: LotView[];
}

/** The lane's run of a lot's vehicle. */
export function runOf(lot: LotView, runs: EventRun[]): EventRun | undefined {
  return runs.find((run) => run.vehicleId === lot.vehicleId);
}

/** A lot sold to the floor whose run has no result yet: nobody was named as its buyer. */
function unnamed(lot: LotView, runs: EventRun[]): boolean {
  return lot.state === 'closed' && lot.result === 'sold' && lot.leaderSource === 'floor' && runOf(lot, runs)?.outcome === null;
}

/** What the lane console shows of the event's lots for the lane `laneId`. */
export function laneLots(all: LotView[], laneId: string | undefined, runs: EventRun[]): LaneLots {
  const lots = all.filter((lot) => lot.laneId === laneId).sort((a, b) => a.runNumber - b.runNumber);
  const toName = lots.find((lot) => unnamed(lot, runs));
  const current = toName ?? lots.find((lot) => lot.state === 'open') ?? lots.find((lot) => lot.state === 'waiting');
  const next = lots.filter((lot) => lot.state === 'waiting' && lot.id !== current?.id);
  return { lots, current, naming: toName !== undefined, next };
}

/** The newer of two views of one lot (by its last event), the detail's extra fields kept. */
/** Whether the lot carries its bid log and maxima (GET /api/lots/{id}), not only the list's fields. */
export function isDetail(lot: LotView): lot is LotDetail {
  return 'bids' in lot && 'maxima' in lot;
}

export function newest<T extends LotView>(listed: LotView, detail: T | undefined): LotView | T {
  if (!detail || detail.id !== listed.id) return listed;
  return detail.lastEventSequence >= listed.lastEventSequence ? detail : { ...detail, ...listed };
}
