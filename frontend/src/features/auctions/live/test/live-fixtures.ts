import type { BidRow, LaneView, LotDetail, LotEventView, LotView } from '@/features/auctions/live/types';

/** Lot 1 of event ev1, lane A (lane1): a waiting Toyota opening at AED 20,000 with a reserve of AED 25,000. */
export function lotView(overrides: Partial<LotView> = {}): LotView {
  return {
    id: 'lot1',
    eventId: 'ev1',
    laneId: 'lane1',
    laneNumber: 1,
    runNumber: 1,
    vehicleId: 'v1',
    vehicle: { id: 'v1', title: 'Toyota Land Cruiser 1', vin: 'JTMHV05J604000001', lotNumber: 1001, mileage: 42000, photoUrl: null },
    state: 'waiting',
    result: null,
    openingPrice: '20000.00',
    reservePrice: '25000.00',
    price: null,
    asking: '20000.00',
    leader: null,
    leaderSource: null,
    clockEndsAt: null,
    clockPausedSeconds: null,
    counterBidSeconds: 30,
    lastEventSequence: 0,
    bidCount: 0,
    maximaCount: 0,
    serverTime: '2031-05-01T12:00:00Z',
    ...overrides,
  };
}

export function lotDetail(overrides: Partial<LotDetail> = {}): LotDetail {
  return { ...lotView(overrides), bids: [], maxima: [], ...overrides };
}

export function bidRow(sequence: number, overrides: Partial<BidRow> = {}): BidRow {
  return { sequence, at: '2031-05-01T12:00:00Z', source: 'floor', bidder: null, enteredBy: { id: 'u1', name: 'Sara Clerk' }, amount: '20000.00', maximum: null, automatic: false, accepted: true, reason: null, withdrawal: false, note: null, ...overrides };
}

export function lotEvent(sequence: number, overrides: Partial<LotEventView> = {}): LotEventView {
  return { lotId: 'lot1', eventId: 'ev1', laneId: 'lane1', sequence, at: '2031-05-01T12:00:00Z', kind: 'bid', payload: {}, ...overrides };
}

export function laneView(overrides: Partial<LaneView> = {}): LaneView {
  return { laneId: 'lane1', laneNumber: 1, mode: 'live', state: 'running', currentLot: null, nextLots: [], bidsPerMinute: 0, watchers: 0, onlineWatchers: 0, lotsLeft: 0, lotsSold: 0, lotsOnApproval: 0, lotsNoSale: 0, ...overrides };
}
