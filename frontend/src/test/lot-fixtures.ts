import type { ApprovalView, LotDetail, LotView } from '@/api/lot-types';

/** A lot as GET /api/auction-events/{eventId}/lots answers it: lane 1, waiting, asking AED 20,000.00. */
export function lotFixture(id: string, overrides: Partial<LotView> = {}): LotView {
  return {
    id,
    eventId: 'ev1',
    laneId: 'ev1-A',
    laneNumber: 1,
    runNumber: 1,
    vehicleId: `v-${id}`,
    vehicle: { id: `v-${id}`, title: 'Nissan Patrol 2020', vin: '1HGCM82633A004352', lotNumber: 1001, mileage: 42000, photoUrl: null },
    state: 'waiting',
    result: null,
    openingPrice: '20000.00',
    reservePrice: '30000.00',
    price: null,
    asking: '20000.00',
    leader: null,
    leaderSource: null,
    clockEndsAt: null,
    clockPausedSeconds: null,
    counterBidSeconds: 20,
    lastEventSequence: 0,
    bidCount: 0,
    maximaCount: 0,
    serverTime: '2031-05-01T08:00:00Z',
    ...overrides,
  };
}

/** A lot with its bid log and maxima, as GET /api/lots/{lotId} answers it. */
export function lotDetailFixture(id: string, overrides: Partial<LotDetail> = {}): LotDetail {
  return { ...lotFixture(id), bids: [], maxima: [], ...overrides };
}

/** An on-approval lot: sold below its reserve to Khalid Buyer1 at AED 25,000.00, waiting for Salem Seller's answer. */
export function approvalFixture(id: string, overrides: Partial<ApprovalView> = {}): ApprovalView {
  return {
    lot: lotFixture(id, { state: 'closed', result: 'on_approval', price: '25000.00', leader: { id: 'b1', name: 'Khalid Buyer1' }, leaderSource: 'floor' }),
    sellerId: 's1',
    sellerName: 'Salem Seller',
    buyer: { id: 'b1', name: 'Khalid Buyer1' },
    price: '25000.00',
    reservePrice: '30000.00',
    deadline: '2031-05-02T13:00:00Z',
    status: 'waiting',
    counterAmount: null,
    history: [],
    ...overrides,
  };
}
