/** The bidder page's addresses, all under /bid. */
export const bidderPaths = {
  root: '/bid',
  event: (eventId: string) => `/bid/events/${encodeURIComponent(eventId)}`,
  lot: (lotId: string) => `/bid/lots/${encodeURIComponent(lotId)}`,
  myBids: '/bid/my-bids',
  purchases: '/bid/purchases',
};
