import type { AuctionType, RepeatType } from '@/features/auctions/api/get-auctions';
import i18n from '@/lib/i18n/i18n';

/** SPEC.md section 9: auction types Online/Live, lanes 1-8, counter bid 5 to 30 s in steps of 5, four repeat types. */
export const AUCTION_TYPES: readonly AuctionType[] = ['Live', 'Online'];
export const REPEAT_TYPES: readonly RepeatType[] = ['None', 'Daily', 'Weekly', 'Monthly'];
export const LANE_COUNTS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];
export const COUNTER_BID_SECONDS: readonly number[] = [5, 10, 15, 20, 25, 30];

export function typeLabel(type: string): string {
  return AUCTION_TYPES.includes(type as AuctionType) ? i18n.t(`auctions.types.${type as AuctionType}`) : type;
}

export function repeatLabel(repeat: string): string {
  return REPEAT_TYPES.includes(repeat as RepeatType) ? i18n.t(`auctions.repeat.${repeat as RepeatType}`) : repeat;
}

export const typeOptions = () => AUCTION_TYPES.map((value) => ({ value, label: typeLabel(value) }));
export const repeatOptions = () => REPEAT_TYPES.map((value) => ({ value, label: repeatLabel(value) }));
export const laneOptions = () => LANE_COUNTS.map((value) => ({ value, label: i18n.t('auctions.form.laneCount', { count: value }) }));
export const counterBidOptions = () => COUNTER_BID_SECONDS.map((value) => ({ value, label: i18n.t('auctions.form.seconds', { count: value }) }));
