import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BidderLot } from '@/bidder/api/types';
import { LivePanel } from '@/bidder/components/live-panel';
import { LotCard } from '@/bidder/components/lot-card';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { bidderLot } from '@/bidder/test/fixtures';
import { renderPiece } from '@/bidder/test/render';

function panel(lot: BidderLot) {
  return renderPiece(<LivePanel lot={lot} />);
}

describe('privacy of the live panel', () => {
  it("shows the leader as 'you' when I lead, with my status", () => {
    panel(bidderLot({ leader: 'you', myStatus: 'leading', price: '15000.00' }));
    expect(screen.getByText('You are the highest bidder')).toBeInTheDocument();
    expect(screen.getByText('Leading')).toBeInTheDocument();
    expect(screen.getByText('AED 15,000.00')).toBeInTheDocument();
  });

  it("shows anyone else only as 'another bidder', and me as outbid", () => {
    // Whatever else an answer might carry, the page shows no other bidder's name, id or maximum.
    const leaked = { ...bidderLot({ leader: 'another_bidder', myStatus: 'outbid' }), leaderName: 'Fatima Noor', leaderId: 'm77', maximum: '99000.00' };
    const { container } = panel(leaked);
    expect(screen.getByText('Another bidder leads')).toBeInTheDocument();
    expect(screen.getByText('Outbid')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/Fatima|m77|99,000/);
  });

  it('says so when nobody has bid', () => {
    panel(bidderLot({ leader: null, price: null, myStatus: 'none', state: 'waiting', asking: '10000.00' }));
    expect(screen.getByText('No bids yet', { selector: '.ant-typography' })).toBeInTheDocument();
  });

  it('shows a lot I won on its card, with no bid button', () => {
    const router = createMemoryRouter([{ path: '/', element: <LotCard lot={bidderLot({ state: 'closed', result: 'sold', myStatus: 'won', leader: 'you' })} /> }]);
    renderPiece(<RouterProvider router={router} />);
    expect(screen.getByText('Won')).toBeInTheDocument();
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bid/ })).not.toBeInTheDocument();
  });
});
