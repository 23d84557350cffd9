import type { AuctionEvent } from '@/features/auctions/api/get-auction-events';

/** One event as publishing would take it: its lanes and their vehicles, the empty lanes named. */
export interface EventSummary {
  _id: string;
  startDate: string;
  lanes: { letter: string; vehicles: number }[];
  vehicles: number;
  emptyLanes: string[];
}

/** What publishing an auction puts before bidders: the events still open, each with its lanes and vehicles. */
export function publishSummary(events: AuctionEvent[]): EventSummary[] {
  return events
    .filter((event) => event.auctionEventStatus !== 'completed')
    .map((event) => ({
      _id: event._id,
      startDate: event.startDate,
      lanes: event.lanes.map((lane) => ({ letter: lane.laneLetter, vehicles: lane.vehicleCount })),
      vehicles: event.vehicleCount,
      emptyLanes: event.lanes.filter((lane) => lane.vehicleCount === 0).map((lane) => lane.laneLetter),
    }));
}
