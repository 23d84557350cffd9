/**
 * The lots API of issue 25 as CONTRACT.md shapes it (amounts are decimal strings, times ISO UTC). One place to
 * switch to the generated schema (components['schemas'][...]) once every route is in it.
 */

export interface PersonRef {
  id: string;
  name: string;
}

export type LotState = 'waiting' | 'open' | 'closed' | 'withdrawn';
export type LotResult = 'sold' | 'on_approval' | 'no_sale';
export type BidSource = 'floor' | 'absentee' | 'online';

export interface LotVehicle {
  id: string;
  title: string;
  vin: string;
  lotNumber?: number | string | null;
  mileage?: number | string | null;
  photoUrl: string | null;
}

/** GET /api/auction-events/{eventId}/lots: one vehicle's run in a lane of the event. */
export interface LotView {
  id: string;
  eventId: string;
  laneId: string;
  laneNumber: number | string;
  runNumber: number;
  vehicleId: string;
  vehicle: LotVehicle;
  state: LotState;
  result: LotResult | null;
  openingPrice: string;
  reservePrice: string | null;
  price: string | null;
  asking: string;
  leader: PersonRef | null;
  leaderSource: BidSource | null;
  clockEndsAt: string | null;
  clockPausedSeconds: number | null;
  counterBidSeconds: number;
  lastEventSequence: number;
  bidCount: number;
  maximaCount: number;
  serverTime: string;
}

/** A line of the lot's bid log, accepted or refused (with the reason). */
export interface BidRow {
  sequence: number;
  at: string;
  source: BidSource;
  bidder: PersonRef | null;
  enteredBy: PersonRef | null;
  amount: string;
  maximum: string | null;
  automatic: boolean;
  accepted: boolean;
  reason: string | null;
  withdrawal: boolean;
  note: string | null;
}

/** A member's standing maximum on a lot (staff only). */
export interface MaximumRow {
  bidder: PersonRef;
  amount: string;
  source: BidSource;
  at: string;
}

/** GET /api/lots/{lotId} and each lot of GET /api/vehicles/{vehicleId}/lots. */
export interface LotDetail extends LotView {
  bids: BidRow[];
  maxima: MaximumRow[];
}

export interface EventLots {
  data: LotView[];
  serverTime: string;
}

export interface VehicleLots {
  data: LotDetail[];
}

/** GET /api/members/{memberId}/absentee-bids: the member's maxima, with the lot each stands on. */
export interface MemberAbsenteeBid {
  lot: LotView;
  maximum: string;
  at: string;
  leading: boolean;
}

export interface MemberAbsenteeBids {
  data: MemberAbsenteeBid[];
}

export interface AbsenteeBidBody {
  memberId: string;
  maximum: string;
}

export interface WithdrawMaximumBody {
  reason: string;
}

export type ApprovalStatus = 'waiting' | 'countered' | 'accepted' | 'declined' | 'expired';
export type ApprovalFilter = 'waiting' | 'answered' | 'all';

export interface ApprovalStep {
  at: string;
  action: string;
  amount: string | null;
  by: PersonRef;
  note: string | null;
}

/** GET /api/lots/on-approval: a lot closed below its reserve, waiting for (or answered by) its seller. */
export interface ApprovalView {
  lot: LotView;
  sellerId: string;
  sellerName: string;
  buyer: PersonRef | null;
  price: string;
  reservePrice: string;
  deadline: string;
  status: ApprovalStatus;
  counterAmount: string | null;
  history: ApprovalStep[];
}

export interface ApprovalList {
  data: ApprovalView[];
}

export type ApprovalDecision = 'accept' | 'decline' | 'counter';

export interface ApprovalDecisionBody {
  decision: ApprovalDecision;
  amount?: string;
  note?: string;
}

export interface CounterAnswerBody {
  accepted: boolean;
  note?: string;
}
