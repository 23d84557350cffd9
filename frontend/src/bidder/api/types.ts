import type { components } from '@/api/schema';

/** The member as /api/bidder/me and /verify give it. */
export type BidderMe = components['schemas']['BidderMe'];
export type Language = BidderMe['language'];

/**
 * The bidder API's shapes (docs: /tmp contract of issue 26, section REST). Written by hand until the API's routes
 * are in the OpenAPI schema; amounts are decimal strings ("15000.00"), times UTC ISO.
 */
export interface BidderEvent {
  id: string;
  auctionId: string;
  title: string;
  auctionType: 'Live' | 'Online';
  startsAt: string;
  endsAt: string | null;
  location: { name: string; city: string } | null;
  lotCount: number;
  state: 'upcoming' | 'running' | 'ended';
}

export type LotState = 'waiting' | 'open' | 'closed' | 'withdrawn';
export type LotResult = 'sold' | 'on_approval' | 'no_sale' | null;
export type MyStatus = 'none' | 'leading' | 'outbid' | 'won' | 'lost' | 'on_approval';
/** Who leads, as a member may know it: never a name. */
export type Leader = 'you' | 'another_bidder' | null;

export interface BidderLot {
  id: string;
  eventId: string;
  laneId: string;
  laneNumber: number;
  runNumber: number;
  vehicle: { id: string; title: string; lotNumber: string | null; mileage: number | null; year: number | null; photoUrl: string | null };
  state: LotState;
  result: LotResult;
  openingPrice: string | null;
  asking: string | null;
  price: string | null;
  clockEndsAt: string | null;
  clockPausedSeconds: number | null;
  counterBidSeconds: number | null;
  lastEventSequence: number;
  bidCount: number;
  myStatus: MyStatus;
  myMaximum: string | null;
  leader: Leader;
  watching: boolean;
}

export interface MyBid {
  sequence: number;
  at: string;
  amount: string;
  maximum: string | null;
  automatic: boolean;
  accepted: boolean;
  reason: string | null;
}

export interface BidderLotDetail extends BidderLot {
  photos: string[];
  specs: Record<string, string | number | null>;
  myBids: MyBid[];
}

export interface BuyingPower {
  available: string;
  buyingPower: string;
  committed: string;
  owed: string;
  blockedReason: string | null;
}

export interface Purchase {
  vehicleId: string;
  title: string;
  lotNumber: string | null;
  soldFor: string;
  soldAt: string;
  invoice: { id: string; number: string; total: string; paid: string; due: string; status: string; dueAt: string | null } | null;
}

export interface ListOf<T> {
  data: T[];
}

export interface EventLots extends ListOf<BidderLot> {
  serverTime: string;
}

export interface Purchases extends ListOf<Purchase> {
  owed: string;
}
