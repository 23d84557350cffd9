import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VehicleBidLog } from '@/features/vehicles/components/vehicle-bid-log';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { lotDetailFixture } from '@/test/lot-fixtures';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const inTable = { hidden: true } as const;
const staff = { id: 'u1', name: 'Amira Haddad' };
const khalid = { id: 'm7', name: 'Khalid Buyer1' };
const omar = { id: 'm8', name: 'Omar Buyer2' };

const sold = lotDetailFixture('l1', {
  vehicleId: 'v1',
  state: 'closed',
  result: 'sold',
  price: '21000.00',
  leader: omar,
  leaderSource: 'absentee',
  bidCount: 3,
  bids: [
    { sequence: 1, at: '2031-05-01T12:00:05Z', source: 'absentee', bidder: khalid, enteredBy: staff, amount: '20000.00', maximum: '20000.00', automatic: true, accepted: true, reason: null, withdrawal: false, note: null },
    { sequence: 2, at: '2031-05-01T12:00:09Z', source: 'absentee', bidder: omar, enteredBy: staff, amount: '21000.00', maximum: '45000.00', automatic: true, accepted: true, reason: null, withdrawal: false, note: null },
    { sequence: 3, at: '2031-05-01T12:00:12Z', source: 'floor', bidder: null, enteredBy: staff, amount: '20500.00', maximum: null, automatic: false, accepted: false, reason: 'The asking price is AED 22,000.00.', withdrawal: false, note: null },
  ],
});

function setup(lots: MockAnswer) {
  mockFetch({ 'GET /api/auth/me': { body: meWith(EVERYTHING) }, 'GET /api/vehicles/v1/lots': lots });
  renderWithProviders(<VehicleBidLog vehicleId="v1" />);
}

describe("A vehicle's bid log", () => {
  it('lists every bid of each lot: time to the second in Dubai, source, bidder, who entered it, amount, maximum and whether it was taken', async () => {
    setup({ body: { data: [sold] } });
    const table = await screen.findByRole('table', { name: 'Bid log of Lane 1, run 1' });
    expect(screen.getByRole('heading', { name: 'Lane 1, run 1 · Sold' })).toBeInTheDocument();
    expect(screen.getByText('AED 21,000.00 by Omar Buyer2 after 3 bids.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row', inTable).filter((row) => /AED/.test(row.textContent ?? ''));
    expect(rows.map((row) => within(row).getAllByRole('cell', inTable).map((cell) => cell.textContent))).toEqual([
      ['1', '01/05/2031 16:00:05', 'Absentee', 'Khalid Buyer1', 'Amira Haddad', 'AED 20,000.00', 'AED 20,000.00', 'Accepted (proxy)'],
      ['2', '01/05/2031 16:00:09', 'Absentee', 'Omar Buyer2', 'Amira Haddad', 'AED 21,000.00', 'AED 45,000.00', 'Accepted (proxy)'],
      ['3', '01/05/2031 16:00:12', 'Floor', 'Floor bidder', 'Amira Haddad', 'AED 20,500.00', '', 'RefusedThe asking price is AED 22,000.00.'],
    ]);
  });

  it('says so when the vehicle has had no lot, and when a lot has no bid', async () => {
    setup({ body: { data: [lotDetailFixture('l2', { vehicleId: 'v1' })] } });
    expect(await screen.findByText('No bid has been made on this lot.')).toBeInTheDocument();
  });

  it("shows the server's sentence when the log cannot be read", async () => {
    setup({ status: 500, body: { message: 'Internal error' } });
    expect(await screen.findAllByText("The vehicle's bid log could not be loaded.")).not.toHaveLength(0);
  });
});
