import type { AuctionQuery, AuctionType } from '@/features/auctions/api/get-auctions';
import { LIST_STATUS, type AuctionListName } from '@/features/auctions/lib/auction-lists';
import { AUCTION_TYPES } from '@/features/auctions/lib/auction-options';
import { pageQuery, type ListParams } from '@/lib/use-list-params';

/** The filters an auction list keeps in the URL (?type=Live&location=<id>&dates=2031-05-01..2031-05-31). */
export type AuctionFilter = 'type' | 'location' | 'dates';

export const AUCTION_FILTERS: readonly AuctionFilter[] = ['type', 'location', 'dates'];

/** The columns the server sorts by (backend auctions/repository.py SORTABLE). */
export const SORTABLE_COLUMNS = ['auctionTitle', 'firstEventDate', 'createdAt'] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day range as one URL value, either end open: "2031-05-01..2031-05-31", "2031-05-01..", "..2031-05-31". */
export function joinRange(from: string | undefined, to: string | undefined): string | undefined {
  return from || to ? `${from ?? ''}..${to ?? ''}` : undefined;
}

export function splitRange(value: string | undefined): { from?: string; to?: string } {
  const [from, to] = (value ?? '').split('..');
  return { from: from && ISO_DAY.test(from) ? from : undefined, to: to && ISO_DAY.test(to) ? to : undefined };
}

/** The auction type a URL names, or nothing when a hand-edited URL got it wrong. */
export function typeOf(value: string | undefined): AuctionType | undefined {
  return AUCTION_TYPES.find((type) => type === value);
}

/** The whole auctions/get body of a list: its status, the page, search, sort and filters. */
export function listQuery(list: AuctionListName, params: ListParams<AuctionFilter>): AuctionQuery {
  const { from, to } = splitRange(params.filters.dates);
  const sortBy = SORTABLE_COLUMNS.find((column) => column === params.sortBy);
  return {
    ...pageQuery(params),
    sortBy,
    status: LIST_STATUS[list],
    auctionType: typeOf(params.filters.type),
    location: params.filters.location,
    dateFrom: from,
    dateTo: to,
  };
}
