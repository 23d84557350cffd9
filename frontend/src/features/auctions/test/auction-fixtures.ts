import type { AuctionEvent } from '@/features/auctions/api/get-auction-events';
import type { Auction, AuctionCounts, AuctionList } from '@/features/auctions/api/get-auctions';
import type { CalendarEvent } from '@/features/auctions/api/get-calendar-events';

/** An auction as the API answers it, for the page tests: a weekly Live sale in May 2031 (16:00 in Dubai). */
export function auctionFixture(id: string, overrides: Partial<Auction> = {}): Auction {
  return {
    _id: id,
    auctionTitle: 'Dubai Thursday Live Sale',
    auctionType: 'Live',
    status: 'draft',
    location: { _id: 'loc1', title: 'Al Quoz Yard', city: 'Al Quoz' },
    lanes: 2,
    laneCount: 2,
    bidIncrementAmount: 500,
    counterBidTime: 10,
    repeatType: 'Weekly',
    repeatUntil: '2031-05-15',
    eventCount: 3,
    totalVehicleCount: 4,
    firstEventDate: '2031-05-01T12:00:00Z',
    lastEventDate: '2031-05-15T12:00:00Z',
    nextEventDate: '2031-05-01T12:00:00Z',
    createdBy: { _id: 'u1', fullName: 'Amira Haddad' },
    createdAt: '2031-04-01T08:00:00Z',
    ...overrides,
  };
}

export const counts: AuctionCounts = {
  totalAuctions: 9,
  totalLive: 6,
  totalOnline: 3,
  totalDraft: 2,
  totalUnpublished: 1,
  totalPublish: 4,
  totalCompleted: 2,
};

export function listOf(auctions: Auction[]): AuctionList {
  return { ...counts, data: auctions, totalPages: 1, currentPage: 1, totalMatching: auctions.length };
}

/** An event of the fixture auction: its first, with lanes A (2 vehicles, runs 1-2) and B (none yet). */
export function eventFixture(id: string, overrides: Partial<AuctionEvent> = {}): AuctionEvent {
  return {
    _id: id,
    auctionEventId: id,
    auctionId: 'a1',
    auctionTitle: 'Dubai Thursday Live Sale',
    auctionType: 'Live',
    auctionStatus: 'draft',
    location: { _id: 'loc1', title: 'Al Quoz Yard', city: 'Al Quoz' },
    sequence: 1,
    startDate: '2031-05-01T12:00:00Z',
    endDate: '2031-05-01T16:00:00Z',
    saleDate: '2031-05-01',
    auctionEventStatus: 'draft',
    lanes: [
      { _id: `${id}-A`, laneNumber: 1, laneLetter: 'A', minRange: 1, maxRange: 2, vehicleCount: 2 },
      { _id: `${id}-B`, laneNumber: 2, laneLetter: 'B', minRange: null, maxRange: null, vehicleCount: 0 },
    ],
    vehicleCount: 2,
    resultsRecorded: 0,
    soldCount: 0,
    soldTotal: 0,
    saleDay: { open: false, reason: 'Results are recorded for published events only; publish the auction first.', today: '2031-04-30' },
    ...overrides,
  };
}

export function calendarEventFixture(id: string, overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    _id: id,
    auctionId: 'a1',
    auctionTitle: 'Dubai Thursday Live Sale',
    auctionType: 'Live',
    location: { _id: 'loc1', title: 'Al Quoz Yard', city: 'Al Quoz' },
    startDate: '2031-05-01T12:00:00Z',
    endDate: '2031-05-01T16:00:00Z',
    auctionEventStatus: 'publish',
    vehicleCount: 4,
    ...overrides,
  };
}
