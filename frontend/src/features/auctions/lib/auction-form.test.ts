import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createBody, scheduleOf, type AuctionFormValues } from '@/features/auctions/lib/auction-form';
import { transitionOptions } from '@/features/auctions/lib/auction-status';

const picked = (text: string) => dayjs(text);

const weekly: AuctionFormValues = {
  auctionTitle: '  Dubai Thursday Live Sale ',
  auctionType: 'Live',
  location: 'loc1',
  lanes: 2,
  bidIncrementAmount: '500',
  counterBidTime: 10,
  repeatType: 'Weekly',
  startDate: picked('2031-05-01T16:00'),
  endDate: picked('2031-05-01T20:00'),
  repeatUntil: picked('2031-05-15'),
};

describe('the Add auction form', () => {
  it('sends the picked wall-clock times without a zone (the server reads them as Dubai time)', () => {
    expect(createBody(weekly)).toEqual({
      auctionTitle: 'Dubai Thursday Live Sale',
      auctionType: 'Live',
      location: 'loc1',
      lanes: 2,
      bidIncrementAmount: '500',
      counterBidTime: 10,
      repeatType: 'Weekly',
      startDate: '2031-05-01T16:00:00',
      endDate: '2031-05-01T20:00:00',
      repeatUntil: '2031-05-15',
    });
  });

  it('sends no repeat-until day for an auction that does not repeat', () => {
    expect(createBody({ ...weekly, repeatType: 'None' }).repeatUntil).toBeNull();
  });

  it('previews only a complete and consistent schedule', () => {
    expect(scheduleOf(weekly)).toEqual({ startDate: '2031-05-01T16:00:00', endDate: '2031-05-01T20:00:00', repeatType: 'Weekly', repeatUntil: '2031-05-15' });
    expect(scheduleOf({ ...weekly, repeatType: 'None' })).toEqual({ startDate: '2031-05-01T16:00:00', endDate: '2031-05-01T20:00:00', repeatType: 'None' });
    expect(scheduleOf({ ...weekly, endDate: undefined })).toBeUndefined();
    expect(scheduleOf({ ...weekly, endDate: picked('2031-05-01T16:00') })).toBeUndefined();
    expect(scheduleOf({ ...weekly, repeatUntil: null })).toBeUndefined();
    expect(scheduleOf({ ...weekly, repeatUntil: picked('2031-04-30') })).toBeUndefined();
  });
});

describe('auction status moves', () => {
  it('offers only what the server allows, worded as actions', () => {
    expect(transitionOptions('draft').map((option) => option.label)).toEqual(['Publish']);
    expect(transitionOptions('publish').map((option) => option.label)).toEqual(['Unpublish', 'Complete']);
    expect(transitionOptions('unpublished').map((option) => option.label)).toEqual(['Publish']);
    expect(transitionOptions('completed')).toEqual([]);
    expect(transitionOptions('publish').every((option) => option.confirm !== undefined)).toBe(true);
    expect(transitionOptions('draft')[0]?.confirm).toBeUndefined();
  });
});
