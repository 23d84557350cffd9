import type { components } from '@/api/schema';

/** The bidder API's shapes, from its OpenAPI schema (`make api`). Amounts are decimal strings, times UTC ISO. */
type Schemas = components['schemas'];

export type BidderMe = Schemas['BidderMe'];
export type Language = BidderMe['language'];
export type BidderEvent = Schemas['BidderEvent'];
export type BidderLot = Schemas['BidderLot'];
/** GET /api/bidder/lots/{lotId}: the lot with photos, specs, my own bids and the server's time. */
export type BidderLotDetail = Schemas['BidderLotDetail'];
export type MyBid = Schemas['BidderMyBid'];
export type BuyingPower = Schemas['BidderBuyingPower'];
export type Purchase = Schemas['BidderPurchase'];
/** An event's lots (and the watch list), with the server's time. */
export type EventLots = Schemas['BidderLots'];
export type Purchases = Schemas['BidderPurchases'];
export type BidderEvents = Schemas['BidderEvents'];

export type LotState = BidderLot['state'];
export type LotResult = BidderLot['result'];
export type MyStatus = BidderLot['myStatus'];
/** Who leads, as a member may know it: never a name. */
export type Leader = BidderLot['leader'];
