/** The bidder page's query keys, all under 'bidder' (its own query client besides). */
export const bidderKeys = {
  all: ['bidder'] as const,
  me: ['bidder', 'me'] as const,
  events: ['bidder', 'events'] as const,
  eventLots: (eventId: string) => ['bidder', 'event-lots', eventId] as const,
  allEventLots: ['bidder', 'event-lots'] as const,
  lot: (lotId: string) => ['bidder', 'lot', lotId] as const,
  allLots: ['bidder', 'lot'] as const,
  watchlist: ['bidder', 'watchlist'] as const,
  buyingPower: ['bidder', 'buying-power'] as const,
  purchases: ['bidder', 'purchases'] as const,
};
