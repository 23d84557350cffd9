import type { ChartAnswers } from '@/features/dashboard/charts/api/get-chart';

const may = { from: '2031-05-01', to: '2031-05-31' };

/** The charts of May 2031 as the server answers them (the backend tests' hand-counted business). */
export const MAY: ChartAnswers = {
  'sales-per-week': {
    period: may,
    weeks: [
      { weekStart: '2031-04-28', count: 0, amount: 0 },
      { weekStart: '2031-05-05', count: 2, amount: 50000 },
      { weekStart: '2031-05-12', count: 3, amount: 74000 },
    ],
    totalCount: 5,
    totalAmount: 124000,
  },
  'sell-through': {
    period: may,
    events: [
      { eventId: 'e2', saleDate: '2031-05-13', auctionTitle: 'Dubai Tuesday Sale', run: 3, sold: 3, rate: 1 },
      { eventId: 'e1', saleDate: '2031-05-06', auctionTitle: 'Dubai Tuesday Sale', run: 3, sold: 2, rate: 2 / 3 },
    ],
    totalEvents: 2,
    run: 6,
    sold: 5,
    rate: 5 / 6,
  },
  'hammer-vs-reserve': {
    period: may,
    bands: [
      { band: 'noReserve', count: 1, hammer: 15000, reserve: 0 },
      { band: 'below', count: 1, hammer: 9000, reserve: 10000 },
      { band: 'met', count: 1, hammer: 20000, reserve: 20000 },
      { band: 'above10', count: 1, hammer: 30000, reserve: 25000 },
      { band: 'above25', count: 1, hammer: 50000, reserve: 40000 },
    ],
    hammerTotal: 109000,
    reserveTotal: 95000,
  },
  pipeline: {
    period: may,
    stages: [
      { stage: 'review', count: 2 },
      { stage: 'approved', count: 2 },
      { stage: 'inEvent', count: 1 },
      { stage: 'sold', count: 3 },
      { stage: 'paid', count: 1 },
      { stage: 'released', count: 1 },
      { stage: 'rejected', count: 1 },
      { stage: 'cancelled', count: 1 },
    ],
    submitted: 12,
  },
  receivables: {
    period: may,
    asOf: '2031-05-15',
    buckets: [
      { bucket: '0-2', count: 2, amount: 2500 },
      { bucket: '3-7', count: 2, amount: 3400 },
      { bucket: '8-30', count: 1, amount: 500 },
      { bucket: 'over30', count: 0, amount: 0 },
    ],
    totalCount: 5,
    totalAmount: 6400,
  },
  'top-members': {
    period: may,
    sellers: [
      { _id: 's1', name: 'Majid Al Mansoori', count: 3, amount: 65000 },
      { _id: 's2', name: 'Fatima Al Hashimi', count: 2, amount: 59000 },
    ],
    buyers: [{ _id: 'b1', name: 'Khalid Al Suwaidi', count: 3, amount: 79000 }],
  },
};

/** Sales per week of the year 2031: one busy week. */
export const YEAR_SALES: ChartAnswers['sales-per-week'] = {
  period: { from: '2031-01-01', to: '2031-12-31' },
  weeks: [{ weekStart: '2031-04-28', count: 6, amount: 136000 }],
  totalCount: 6,
  totalAmount: 136000,
};
