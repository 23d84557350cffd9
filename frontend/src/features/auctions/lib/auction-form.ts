import type { Dayjs } from 'dayjs';
import { isDate } from '@/components/date-input';
import { moneyValue } from '@/components/money-input';
import type { AuctionCreate } from '@/features/auctions/api/create-auction';
import type { AuctionType, RepeatType } from '@/features/auctions/api/get-auctions';
import type { Schedule } from '@/features/auctions/api/preview-schedule';
import { isoDay, wallClock } from '@/features/auctions/lib/auction-dates';

/** The 'Add auction' form: every field of SPEC.md section 9; dates are the pickers' wall-clock values (Dubai). */
export interface AuctionFormValues {
  auctionTitle: string;
  auctionType: AuctionType;
  location?: string;
  lanes: number;
  /** As typed (MoneyInput). */
  bidIncrementAmount?: string | null;
  counterBidTime: number;
  repeatType: RepeatType;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  repeatUntil?: Dayjs | null;
}

export const TITLE_MIN = 3;
export const TITLE_MAX = 150;

/** What a new auction starts from: a one-off Live sale with one lane and a 10-second counter bid. */
export function newAuctionValues(): Partial<AuctionFormValues> {
  return { auctionTitle: '', auctionType: 'Live', lanes: 1, counterBidTime: 10, repeatType: 'None' };
}

/**
 * The schedule the preview asks about, once it is complete and consistent: a start, an end after it, and for a
 * repeating auction a repeat-until day not before the first event's day. Anything short of that: undefined.
 */
export function scheduleOf(values: Partial<AuctionFormValues>): Schedule | undefined {
  const { startDate, endDate, repeatType = 'None', repeatUntil } = values;
  if (!isDate(startDate) || !isDate(endDate)) return undefined;
  const start = wallClock(startDate);
  const end = wallClock(endDate);
  if (end <= start) return undefined;
  if (repeatType === 'None') return { startDate: start, endDate: end, repeatType };
  if (!isDate(repeatUntil) || isoDay(repeatUntil) < isoDay(startDate)) return undefined;
  return { startDate: start, endDate: end, repeatType, repeatUntil: isoDay(repeatUntil) };
}

/** The auctions/create body of a validated form. */
export function createBody(values: AuctionFormValues): AuctionCreate {
  const { startDate, endDate, repeatUntil } = values;
  const bidIncrementAmount = moneyValue(values.bidIncrementAmount);
  if (!isDate(startDate) || !isDate(endDate) || !values.location || !bidIncrementAmount) {
    throw new Error('createBody needs a validated form');
  }
  return {
    auctionTitle: values.auctionTitle.trim(),
    auctionType: values.auctionType,
    location: values.location,
    lanes: values.lanes,
    bidIncrementAmount,
    counterBidTime: values.counterBidTime,
    repeatType: values.repeatType,
    startDate: wallClock(startDate),
    endDate: wallClock(endDate),
    repeatUntil: values.repeatType !== 'None' && isDate(repeatUntil) ? isoDay(repeatUntil) : null,
  };
}
