import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BIDDER_TOKEN_KEY } from '@/bidder/lib/bidder-token';
import { saveBidLimit, needsConfirmation, parseAmount } from '@/bidder/lib/bid-limit';
import { installFakeSockets } from '@/bidder/test/fake-socket';
import { bidderLot, bidderLotDetail, me } from '@/bidder/test/fixtures';
import { renderBidder } from '@/bidder/test/render';
import { mockFetch, sentRequest } from '@/test/fetch-mock';

function openLot(asking = '15500.00') {
  window.localStorage.setItem(BIDDER_TOKEN_KEY, 'bid_abc');
  const fetch = mockFetch({
    'GET /api/bidder/me': { body: { bidder: me } },
    'GET /api/bidder/lots/lot1': { body: bidderLotDetail({ asking }) },
    'POST /api/bidder/lots/lot1/bids': { body: bidderLot({ asking: '16000.00', price: asking, leader: 'you', myStatus: 'leading', lastEventSequence: 8 }) },
  });
  renderBidder('/bid/lots/lot1');
  const bids = () => fetch.mock.calls.flatMap(([url], index) => (String(url) === '/api/bidder/lots/lot1/bids' ? [sentRequest(fetch, index).body] : []));
  return { fetch, bids };
}

describe('the bid button', () => {
  beforeEach(installFakeSockets);

  it('states the amount it bids, and with no limit set asks first: Cancel sends nothing', async () => {
    const { bids } = openLot();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bid AED 15,500.00' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('You are bidding AED 15,500.00. A bid cannot be taken back.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bids()).toEqual([]);
  });

  it('confirming bids exactly the amount shown', async () => {
    const { bids } = openLot();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bid AED 15,500.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bid AED 15,500.00' }));
    expect(await screen.findByText('Your bid of AED 15,500.00 is in.')).toBeInTheDocument();
    expect(bids()).toEqual([{ amount: '15500.00', nextStep: false }]);
  });

  it('bids at once up to the member’s limit', async () => {
    saveBidLimit(20000);
    const { bids } = openLot('15500.00');
    await userEvent.click(await screen.findByRole('button', { name: 'Bid AED 15,500.00' }));
    await waitFor(() => expect(bids()).toEqual([{ amount: '15500.00', nextStep: false }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks above the limit, naming the limit', async () => {
    saveBidLimit(15000);
    const { bids } = openLot('15500.00');
    await userEvent.click(await screen.findByRole('button', { name: 'Bid AED 15,500.00' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('You are bidding AED 15,500.00. This is above your limit of AED 15,000.00');
    expect(bids()).toEqual([]);
  });

  it('reads amounts and limits', () => {
    expect(needsConfirmation('15500.00', null)).toBe(true);
    expect(needsConfirmation('15500.00', 15500)).toBe(false);
    expect(needsConfirmation('15500.01', 15500)).toBe(true);
    expect(['15000', '15,000.5', ' 7 ', '0', '-5', '1.234', 'abc'].map(parseAmount)).toEqual(['15000.00', '15000.50', '7.00', null, null, null, null]);
  });
});
