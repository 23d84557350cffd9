import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberAuctionRun } from '@/features/members/api/get-member-auction-history';
import { MemberAuctionHistoryTab } from '@/features/members/components/member-auction-history-tab';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** A line as GET /api/members/{id}/auction-history answers it. */
function line(id: string, fields: Partial<MemberAuctionRun> = {}): MemberAuctionRun {
  return {
    role: 'seller',
    runId: id,
    auctionId: 'a1',
    auctionTitle: 'Dubai Thursday Live Sale',
    eventId: 'e1',
    eventDate: '2026-03-09T12:00:00Z',
    lane: 'A',
    runNumber: 1,
    outcome: null,
    soldFor: null,
    buyer: null,
    vehicleId: `v-${id}`,
    vehicleTitle: 'Nissan Patrol 2020',
    vehicleLotNumber: 1601,
    ...fields,
  };
}

function setup(history: MockAnswer, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/members/m2/auction-history': history,
  });
  renderWithProviders(<MemberAuctionHistoryTab memberId="m2" />, { path: '/members/:memberId', route: '/members/m2?tab=auctions' });
  return fetch;
}

const HEADERS = ['Role', 'Auction', 'Event', 'Lane and run', 'Vehicle', 'Outcome', 'Price'];

describe('Auction History', () => {
  it("lists the member's runs as seller and purchases as buyer, newest first, with the event and the vehicle linked", async () => {
    const fetch = setup({
      body: {
        data: [
          line('r4', { eventId: 'e9', eventDate: '2099-05-01T12:00:00Z', lane: 'B', runNumber: 2, vehicleLotNumber: 1604, vehicleTitle: 'Lexus LX 2022' }),
          line('r3', { role: 'buyer', eventId: 'e3', eventDate: '2026-03-19T12:00:00Z', lane: 'A', runNumber: 5, outcome: 'sold', soldFor: 42500, vehicleLotNumber: 1700, vehicleTitle: 'BMW X5 2021' }),
          line('r2', { eventId: 'e2', eventDate: '2026-03-12T12:00:00Z', lane: 'B', runNumber: 1, outcome: 'sold', soldFor: 101000 }),
          line('r1', { eventId: 'e1', eventDate: '2026-02-09T12:00:00Z', lane: 'A', runNumber: 7, outcome: 'notSold' }),
          line('r0', { eventId: 'e0', eventDate: '2026-01-08T12:00:00Z', lane: 'C', runNumber: 3 }),
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Auction history of this member' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(HEADERS);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Seller', 'Dubai Thursday Live Sale', '01/05/2099', 'Lane B, run 2', 'Lot 1604 · Lexus LX 2022', 'Waiting for sale day', 'N/A'],
      ['Buyer', 'Dubai Thursday Live Sale', '19/03/2026', 'Lane A, run 5', 'Lot 1700 · BMW X5 2021', 'Sold', 'AED 42,500.00'],
      ['Seller', 'Dubai Thursday Live Sale', '12/03/2026', 'Lane B, run 1', 'Lot 1601 · Nissan Patrol 2020', 'Sold', 'AED 101,000.00'],
      ['Seller', 'Dubai Thursday Live Sale', '09/02/2026', 'Lane A, run 7', 'Lot 1601 · Nissan Patrol 2020', 'No sale', 'N/A'],
      ['Seller', 'Dubai Thursday Live Sale', '08/01/2026', 'Lane C, run 3', 'Lot 1601 · Nissan Patrol 2020', 'Not yet sold', 'N/A'],
    ]);
    expect(await within(rows[1]!).findByRole('link', { name: '19/03/2026' })).toHaveAttribute('href', '/auction-events/e3');
    expect(within(rows[1]!).getByRole('link', { name: 'Lot 1700 · BMW X5 2021' })).toHaveAttribute('href', '/vehicles/v-r3');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/members/m2/auction-history');
  });

  it('says so when the member has no auction history', async () => {
    setup({ body: { data: [] } });
    expect(await screen.findByText('This member has no auction history: none of their vehicles has run in an auction and they have bought none.')).toBeInTheDocument();
  });

  it('links neither events nor vehicles for a role that may view neither auctions nor vehicles', async () => {
    setup({ body: { data: [line('r1', { outcome: 'notSold' })] } }, { Members: ['view'] });
    const table = await screen.findByRole('table', { name: 'Auction history of this member' });
    expect(within(table).getByText('Lot 1601 · Nissan Patrol 2020')).toBeInTheDocument();
    expect(within(table).getByText('09/03/2026')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it("says so when the history cannot be fetched, with the server's message", async () => {
    setup({ status: 500, body: { message: 'The database is not answering.', errors: [] } });
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
    expect(screen.getByText("Failed to fetch the member's auction history")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
