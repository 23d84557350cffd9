import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { floorSold, laneA, setup, waitingLot } from '@/features/auctions/test/lane-console-server';
import { bidRow } from '@/features/auctions/live/test/live-fixtures';
import type { LotDetail } from '@/features/auctions/live/types';
import { runFixture as run } from '@/features/auctions/test/run-fixture';

const sara = { id: 'm2', name: 'Sara Khan', paddle: 104 };
const omar = { id: 'm3', name: 'Omar Haddad', paddle: 87 };
/** A member who never signed in to bid online: no paddle. */
const aisha = { id: 'm1', name: 'Aisha Bidder' };

/** Lot 1001 open at AED 17,500, led online by Sara (paddle 104), after the floor, Aisha's maximum and Omar online. */
const onBlock = (overrides: Partial<LotDetail> = {}) =>
  floorSold(1, {
    state: 'open',
    result: null,
    price: '17500.00',
    asking: '18000.00',
    leader: sara,
    leaderSource: 'online',
    clockEndsAt: '2099-01-01T00:00:00Z',
    lastEventSequence: 5,
    bids: [
      bidRow(1, { amount: '15000.00', source: 'floor' }),
      bidRow(2, { amount: '15500.00', source: 'absentee', bidder: aisha, automatic: true }),
      bidRow(3, { amount: '16500.00', source: 'online', bidder: omar, enteredBy: omar }),
      bidRow(4, { amount: '17000.00', source: 'online', bidder: sara, enteredBy: sara, accepted: false, reason: 'below_asking' }),
      bidRow(5, { amount: '17500.00', source: 'online', bidder: sara, enteredBy: sara }),
    ],
    maxima: [
      { bidder: sara, amount: '21000.00', source: 'online', at: '2031-05-01T09:00:00Z' },
      { bidder: aisha, amount: '16000.00', source: 'absentee', at: '2031-05-01T08:00:00Z' },
    ],
    ...overrides,
  });

function online(lot: LotDetail, lane = laneA()) {
  return setup([run(1), run(2)], { 'GET /api/auction-events/ev1/live': { body: { lanes: [lane], serverTime: '2031-05-01T12:00:00Z' } } }, [lot, waitingLot(2)]);
}

describe('the live console and members bidding online', () => {
  it('names an online bidder with their paddle in the leader line, the ladder and the maxima; others by name alone', async () => {
    online(onBlock());
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    const block = screen.getByLabelText('Current lot');
    expect(within(block).getByText('Sara Khan · paddle 104')).toBeInTheDocument();
    expect(within(block).getByText('Online')).toBeInTheDocument();
    const ladder = await screen.findByRole('list', { name: 'Bid ladder' });
    expect(within(ladder).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^AED 17,500.00 · Online · Sara Khan · paddle 104\d/),
      expect.stringMatching(/^AED 16,500.00 · Online · Omar Haddad · paddle 87\d/),
      expect.stringMatching(/^AED 15,500.00 · Absentee · Aisha Bidderautomatic/),
      expect.stringMatching(/^AED 15,000.00 · Floor · Floor\d/),
    ]);
    const maxima = screen.getByRole('list', { name: 'Absentee maxima (staff only)' });
    expect(within(maxima).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sara Khan · paddle 104 · up to AED 21,000.00',
      'Aisha Bidder · up to AED 16,000.00',
    ]);
  });

  it('shows a new online leader the feed has not named yet by its source alone, never a paddle without a name', async () => {
    online(onBlock({ leader: { id: 'm2', name: '', paddle: 104 }, leaderSource: 'online', bids: [], maxima: [] }));
    expect(await screen.findByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
    const block = screen.getByLabelText('Current lot');
    expect(within(block).getByText('Online')).toBeInTheDocument();
    expect(within(block).queryByText(/paddle/)).not.toBeInTheDocument();
  });

  it('says how many staff and online bidders watch the lane', async () => {
    online(onBlock(), laneA({ watchers: 2, onlineWatchers: 120 }));
    expect(await screen.findByText('Watching: 2 staff · 120 online')).toBeInTheDocument();
  });
});
