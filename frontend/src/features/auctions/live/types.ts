/**
 * The live bidding API's shapes (issue 25's contract), as the backend's OpenAPI gives them (`make api`: LotView,
 * LotDetail, BidRow, MaximumRow, LotEventView, LaneView, EventLots, LiveLanes, LotVehicle, PersonRef). Kept in this
 * one file until the regenerated src/api/schema.d.ts is committed: then each interface here becomes an alias of
 * `components['schemas'][...]` and nothing else changes.
 */

export type LotState = 'waiting' | 'open' | 'closed' | 'withdrawn';
export type LotResult = 'sold' | 'on_approval' | 'no_sale';
export type BidSource = 'floor' | 'absentee' | 'online';
export type CloseIntent = 'auto' | 'sold' | 'no_sale' | 'approval';

export interface Person {
  id: string;
  name: string;
}

export interface LotVehicle {
  id: string;
  title: string;
  vin: string;
  lotNumber: number | null;
  mileage: number;
  photoUrl: string | null;
}

export interface LotView {
  id: string;
  eventId: string;
  laneId: string;
  laneNumber: number;
  runNumber: number;
  vehicleId: string;
  vehicle: LotVehicle;
  state: LotState;
  result: LotResult | null;
  openingPrice: string;
  reservePrice: string | null;
  price: string | null;
  asking: string;
  leader: Person | null;
  leaderSource: BidSource | null;
  /** ISO UTC; the lot's counter-bid clock runs out then. */
  clockEndsAt: string | null;
  clockPausedSeconds: number | null;
  counterBidSeconds: number;
  lastEventSequence: number;
  bidCount: number;
  maximaCount: number;
  serverTime: string;
}

export interface BidRow {
  sequence: number;
  at: string;
  source: BidSource;
  bidder: Person | null;
  enteredBy: Person | null;
  amount: string;
  maximum: string | null;
  automatic: boolean;
  accepted: boolean;
  reason: string | null;
  withdrawal: boolean;
  note: string | null;
}

export interface MaximumRow {
  bidder: Person;
  amount: string;
  source: BidSource;
  at: string;
}

/** GET /api/lots/{lotId}: the lot with its bid log and (staff only) the maxima. */
export type LotDetail = LotView & { bids: BidRow[]; maxima: MaximumRow[] };

export type LotEventKind = 'bid' | 'bid_refused' | 'maximum_withdrawn' | 'opened' | 'withdrawn' | 'closed' | 'paused' | 'resumed' | 'approval';

export interface LotEventView {
  lotId: string;
  eventId: string;
  laneId: string;
  sequence: number;
  at: string;
  kind: LotEventKind | string;
  payload: Record<string, unknown>;
}

export type LaneMode = 'live' | 'online';
export type LaneState = 'waiting' | 'running' | 'paused' | 'finished';

export interface LaneView {
  laneId: string;
  laneNumber: number;
  mode: LaneMode;
  state: LaneState;
  currentLot: LotView | null;
  nextLots: LotView[];
  bidsPerMinute: number;
  watchers: number;
  lotsLeft: number;
  lotsSold: number;
  lotsOnApproval: number;
  lotsNoSale: number;
}

export interface EventLots {
  data: LotView[];
  serverTime: string;
}

export interface EventLive {
  lanes: LaneView[];
  serverTime: string;
}

/** What the server sends on the socket. */
export type ServerMessage =
  | { type: 'ready'; serverTime: string }
  | ({ type: 'lot_event' } & LotEventView)
  | { type: 'lane'; laneId: string; state: LaneState }
  /** The feed may have missed events: every lot shown is resynced. */
  | { type: 'resync_needed'; serverTime: string }
  | { type: 'error'; message: string };
