/** The live bidding API's shapes: the backend's OpenAPI schemas (`make api`), and the socket's messages. */
import type { components } from '@/api/schema';

export type LotState = 'waiting' | 'open' | 'closed' | 'withdrawn';
export type LotResult = 'sold' | 'on_approval' | 'no_sale';
export type BidSource = 'floor' | 'absentee' | 'online';
export type CloseIntent = 'auto' | 'sold' | 'no_sale' | 'approval';

type Schemas = components['schemas'];

export type Person = Schemas['PersonRef'];
export type LotVehicle = Schemas['LotVehicle'];
export type LotView = Schemas['LotView'];
export type BidRow = Schemas['BidRow'];
export type MaximumRow = Schemas['MaximumRow'];
/** GET /api/lots/{lotId}: the lot with its bid log and (staff only) the maxima. */
export type LotDetail = Schemas['LotDetail'];

export type LotEventKind = 'bid' | 'bid_refused' | 'maximum_withdrawn' | 'opened' | 'withdrawn' | 'closed' | 'paused' | 'resumed' | 'approval';

export type LotEventView = Schemas['LotEventView'];

export type LaneMode = 'live' | 'online';
export type LaneState = 'waiting' | 'running' | 'paused' | 'finished';

export type LaneView = Schemas['LaneView'];
export type EventLots = Schemas['EventLots'];
export type EventLive = Schemas['LiveLanes'];

/** What the server sends on the socket. */
export type ServerMessage =
  | { type: 'ready'; serverTime: string }
  | ({ type: 'lot_event' } & LotEventView)
  | { type: 'lane'; laneId: string; state: LaneState }
  /** The feed may have missed events: every lot shown is resynced. */
  | { type: 'resync_needed'; serverTime: string }
  | { type: 'error'; message: string };
