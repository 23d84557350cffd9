import type { BidderEvent, BidderLot, BidderLotDetail } from '@/bidder/api/types';
import type { BidderLotEvent } from '@/bidder/live/messages';

export function bidderLot(overrides: Partial<BidderLot> = {}): BidderLot {
  return {
    id: 'lot1',
    eventId: 'ev1',
    laneId: 'lane1',
    laneNumber: 1,
    runNumber: 4,
    vehicle: { id: 'v1', title: '2021 Toyota Land Cruiser', lotNumber: 104, mileage: 41000, year: 2021, photoUrl: null },
    state: 'open',
    result: null,
    openingPrice: '10000.00',
    asking: '15500.00',
    price: '15000.00',
    clockEndsAt: null,
    clockPausedSeconds: null,
    counterBidSeconds: 20,
    lastEventSequence: 7,
    bidCount: 6,
    myStatus: 'outbid',
    myMaximum: null,
    leader: 'another_bidder',
    watching: false,
    ...overrides,
  };
}

export function bidderLotDetail(overrides: Partial<BidderLotDetail> = {}): BidderLotDetail {
  return { ...bidderLot(), photos: [], specs: { make: 'Toyota', model: 'Land Cruiser' }, myBids: [], serverTime: new Date().toISOString(), ...overrides };
}

export function bidderEvent(overrides: Partial<BidderEvent> = {}): BidderEvent {
  return {
    id: 'ev1',
    auctionId: 'au1',
    title: 'Dubai Saturday sale',
    auctionType: 'Live',
    startsAt: '2031-05-03T06:00:00Z',
    endsAt: '2031-05-03T14:00:00Z',
    location: { name: 'Al Aweer yard', city: 'Dubai' },
    lotCount: 12,
    state: 'upcoming',
    ...overrides,
  };
}

export function lotEvent(sequence: number, payload: Record<string, unknown> = {}, kind = 'bid'): BidderLotEvent {
  return { lotId: 'lot1', eventId: 'ev1', laneId: 'lane1', sequence, at: '2031-05-03T06:10:00Z', kind, payload };
}

export const me = {
  memberId: 'm1',
  name: 'Khalid Al Mansoori',
  firstName: 'Khalid',
  paddle: 214,
  memberNumber: 'M-0042',
  language: 'en' as const,
  codeChannel: 'sms' as const,
};
