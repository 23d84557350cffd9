import type { StatusConfirm, StatusOption } from '@/components/status-dropdown';
import type { StatusVariant } from '@/components/status-badge';
import type { AuctionStatus } from '@/features/auctions/api/get-auctions';
import i18n from '@/lib/i18n/i18n';

export const AUCTION_STATUSES: readonly AuctionStatus[] = ['draft', 'unpublished', 'publish', 'completed'];

/**
 * The moves the server allows (backend auctions/service.py): draft -> publish; publish -> unpublished or
 * completed (once every event is completed); unpublished -> publish. A completed auction stays so.
 */
export const TRANSITIONS: Record<AuctionStatus, readonly AuctionStatus[]> = {
  draft: ['publish'],
  publish: ['unpublished', 'completed'],
  unpublished: ['publish'],
  completed: [],
};

/** Auctions and their events share the statuses, the labels and the colours (also the calendar's). */
const VARIANTS: Record<AuctionStatus, StatusVariant> = {
  draft: 'default',
  unpublished: 'pending',
  publish: 'success',
  completed: 'info',
};

export const isAuctionStatus = (status: string): status is AuctionStatus => AUCTION_STATUSES.includes(status as AuctionStatus);

export function statusVariant(status: string): StatusVariant {
  return isAuctionStatus(status) ? VARIANTS[status] : 'default';
}

/** "publish" on the wire reads "Published" on screen. */
export function statusLabel(status: string): string {
  return isAuctionStatus(status) ? i18n.t(`auctions.status.${status}`) : status;
}

/**
 * Unpublishing takes the auction back from bidders and completing closes it for good: both are confirmed by
 * name first. Publishing stays one click.
 */
function confirmOf(to: AuctionStatus): StatusConfirm | undefined {
  switch (to) {
    case 'unpublished':
      return {
        title: (subject) => i18n.t('auctions.confirm.unpublishTitle', { subject }),
        message: i18n.t('auctions.confirm.unpublishMessage'),
        confirmText: i18n.t('auctions.confirm.unpublish'),
      };
    case 'completed':
      return {
        title: (subject) => i18n.t('auctions.confirm.completeTitle', { subject }),
        message: i18n.t('auctions.confirm.completeMessage'),
        confirmText: i18n.t('auctions.confirm.complete'),
      };
    default:
      return undefined;
  }
}

/** The choices of the status dropdown for auctions of this status, worded as actions (Publish, Unpublish, Complete). */
export function transitionOptions(from: string): StatusOption[] {
  if (!isAuctionStatus(from)) return [];
  return TRANSITIONS[from].map((to) => {
    const confirm = confirmOf(to);
    return { value: to, label: i18n.t(`auctions.transition.${to}`), ...(confirm ? { confirm } : {}) };
  });
}

/** What a confirmation calls the selected auctions: '3 auctions'. */
export function auctionsSubject(count: number): string {
  return i18n.t('auctions.subject', { count });
}

/** The calendar's colour of an event of this status, matching its badge (grey, gold, green, blue). */
const COLORS: Record<AuctionStatus, string> = {
  draft: '#8c8c8c',
  unpublished: '#d48806',
  publish: '#389e0d',
  completed: '#1d5fa8',
};

export function statusColor(status: string): string {
  return isAuctionStatus(status) ? COLORS[status] : COLORS.draft;
}
