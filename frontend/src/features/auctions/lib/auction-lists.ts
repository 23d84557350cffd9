import type { AuctionCounts, AuctionStatus } from '@/features/auctions/api/get-auctions';
import { paths } from '@/lib/paths';

/** The four auction screens; each shows the auctions of one status (Unpublished opens from its summary card). */
export type AuctionListName = 'draft' | 'published' | 'unpublished' | 'completed';

export const AUCTION_LISTS: readonly AuctionListName[] = ['draft', 'published', 'unpublished', 'completed'];

/** The status a list shows. */
export const LIST_STATUS: Record<AuctionListName, AuctionStatus> = {
  draft: 'draft',
  published: 'publish',
  unpublished: 'unpublished',
  completed: 'completed',
};

export const LIST_PATH: Record<AuctionListName, string> = {
  draft: paths.draftAuctions,
  published: paths.publishedAuctions,
  unpublished: paths.unpublishedAuctions,
  completed: paths.completedAuctions,
};

/** The count of each list's summary card. */
export const LIST_COUNT: Record<AuctionListName, keyof AuctionCounts> = {
  draft: 'totalDraft',
  published: 'totalPublish',
  unpublished: 'totalUnpublished',
  completed: 'totalCompleted',
};

/** Only auctions never published can be deleted (and the server also refuses those with results). */
export function canDeleteFrom(list: AuctionListName): boolean {
  return list === 'draft';
}
