import type { EventRun } from '@/features/auctions/api/get-event';

/** Run `n` of lane A of the fixture event ev1: Toyota Land Cruiser n, lot 100n, opening 15,000 AED and reserve 20,000 AED, no result yet. */
export function runFixture(n: number, overrides: Partial<EventRun> = {}): EventRun {
  return {
    _id: `r${n}`,
    vehicleId: `v${n}`,
    vehicle: {
      _id: `v${n}`,
      title: `Toyota Land Cruiser ${n}`,
      vehicleLotNumber: 1000 + n,
      vinNumber: `1HGCM8260KA00100${n}`,
      make: 'Toyota',
      model: 'Land Cruiser',
      year: 2019,
      mileage: 86500 + n,
      openingPrice: 15000,
      reservePrice: 20000,
      thumbnail: `/public/vehicles/${n}-thumb.jpg`,
      images: [`/public/vehicles/${n}.jpg`],
      sellerId: 'm1',
      sellerName: 'Majid Seller',
    },
    laneId: 'ev1-A',
    lane: 'A',
    runNumber: n,
    isCurrent: true,
    outcome: null,
    buyer: null,
    soldFor: null,
    sellerApproved: false,
    recordedAt: null,
    ...overrides,
  };
}
