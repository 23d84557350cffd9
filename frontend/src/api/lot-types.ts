import type { components } from '@/api/schema';

/** The lots API of issue 25 (amounts are decimal strings, times ISO UTC), from the generated schema. */
type Schemas = components['schemas'];

export type PersonRef = Schemas['PersonRef'];
export type LotView = Schemas['LotView'];
export type LotState = LotView['state'];
export type LotResult = NonNullable<LotView['result']>;
export type BidSource = Schemas['BidRow']['source'];
export type LotVehicle = Schemas['LotVehicle'];
/** A line of the lot's bid log, accepted or refused (with the reason). */
export type BidRow = Schemas['BidRow'];
/** A member's standing maximum on a lot (staff only). */
export type MaximumRow = Schemas['MaximumRow'];
/** GET /api/lots/{lotId} and each lot of GET /api/vehicles/{vehicleId}/lots. */
export type LotDetail = Schemas['LotDetail'];
export type EventLots = Schemas['EventLots'];
export type VehicleLots = Schemas['VehicleLots'];
/** GET /api/members/{memberId}/absentee-bids: the member's maxima, with the lot each stands on. */
export type MemberAbsenteeBid = Schemas['MemberAbsenteeBid'];
export type MemberAbsenteeBids = Schemas['MemberAbsenteeBids'];
export type AbsenteeBidBody = Schemas['AbsenteeBidIn'];
export type WithdrawMaximumBody = Schemas['MaximumWithdrawalIn'];

/** GET /api/lots/on-approval: a lot closed below its reserve, waiting for (or answered by) its seller. */
export type ApprovalView = Schemas['ApprovalView'];
export type ApprovalStatus = ApprovalView['status'];
export type ApprovalFilter = 'waiting' | 'answered' | 'all';
export type ApprovalStep = Schemas['HistoryRow'];
export type ApprovalList = Schemas['ApprovalList'];
export type ApprovalDecision = Schemas['Decision'];
export type ApprovalDecisionBody = Schemas['DecisionIn'];
export type CounterAnswerBody = Schemas['CounterAnswerIn'];
