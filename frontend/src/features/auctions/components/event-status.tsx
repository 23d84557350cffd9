import { StatusBadge } from '@/components/status-badge';
import type { AuctionEvent } from '@/features/auctions/api/get-event';
import { statusLabel, statusVariant } from '@/features/auctions/lib/auction-status';

/** An event's status as a coloured label (Draft, Unpublished, Published, Completed), as its auction's. */
export function EventStatusBadge({ status }: { status: string }) {
  return <StatusBadge variant={statusVariant(status)}>{statusLabel(status)}</StatusBadge>;
}

/** Vehicles join or leave only an event that is not completed (the server also refuses one that has started). */
export function eventTakesVehicles(event: AuctionEvent): boolean {
  return event.auctionEventStatus !== 'completed';
}

/** Every vehicle of the event has a result, and it is still open. */
export function eventReadyToComplete(event: AuctionEvent): boolean {
  return event.auctionEventStatus !== 'completed' && event.resultsRecorded >= event.vehicleCount;
}
