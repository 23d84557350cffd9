import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VehicleRun } from '@/features/vehicles/api/get-vehicle-auction-history';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { AuctionDetails } from '@/features/vehicles/components/auction-details';
import { vehicle } from '@/features/vehicles/test/vehicle-fixture';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const buyer = { _id: 'b1', firstName: 'Huda', lastName: 'Buyer', companyName: null, email: 'huda@example.com', phone: '+971501110000', memberEntity: 'individual', status: 'approved' };

/** A run as GET /api/auction-event/vehicle-history answers it. */
function run(id: string, fields: Partial<VehicleRun> = {}): VehicleRun {
  return {
    role: 'seller',
    runId: id,
    auctionId: 'a1',
    auctionTitle: 'Dubai Thursday Live Sale',
    eventId: `e-${id}`,
    eventDate: '2026-03-09T12:00:00Z',
    lane: 'A',
    runNumber: 1,
    outcome: null,
    soldFor: null,
    buyer: null,
    vehicleId: 'v1',
    vehicleTitle: 'Toyota Land Cruiser 1001',
    vehicleLotNumber: 1001,
    ...fields,
  };
}

function setup(shown: Vehicle, history: MockAnswer, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    [`GET /api/auction-event/vehicle-history/${shown._id}`]: history,
    [`GET /api/vehicles/${shown._id}/lots`]: { body: { data: [] } },
  });
  renderWithProviders(<AuctionDetails vehicle={shown} />, { path: '/vehicles/:vehicleId', route: `/vehicles/${shown._id}?tab=auction` });
  return fetch;
}

/** The value of an item of the run shown first ('Current run' or 'Last run'), by its label. */
function valueOf(label: string, headline = 'Current run'): HTMLElement {
  const cell = within(screen.getByRole('region', { name: headline })).getByText(label).closest('th')?.nextElementSibling;
  if (!(cell instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return cell;
}

describe('Auction Details', () => {
  it('shows the sale first (to whom, for how much, with the event linked) and every earlier run in a table', async () => {
    const sold = run('r2', { eventId: 'e2', eventDate: '2026-03-19T12:00:00Z', lane: 'B', runNumber: 3, outcome: 'sold', soldFor: 25000 });
    const noSale = run('r1', { eventId: 'e1', auctionTitle: 'Sharjah Monday Sale', eventDate: '2026-02-09T12:00:00Z', lane: 'A', runNumber: 7, outcome: 'notSold' });
    const fetch = setup(vehicle('v1', 1001, { status: 'sold', soldFor: 25000, eventId: 'e2', auctionId: 'a1', buyerInfo: { buyerProfile: buyer } }), { body: { data: [sold, noSale] } });

    expect(await screen.findByText('Current run')).toBeInTheDocument();
    expect(valueOf('Auction')).toHaveTextContent('Dubai Thursday Live Sale');
    expect(await within(valueOf('Event')).findByRole('link', { name: '19/03/2026' })).toHaveAttribute('href', '/auction-events/e2');
    expect(valueOf('Lane')).toHaveTextContent('B');
    expect(valueOf('Run')).toHaveTextContent('3');
    expect(valueOf('Result')).toHaveTextContent('Sold to Huda Buyer for AED 25,000.00');
    expect(within(valueOf('Result')).getByRole('link', { name: 'Huda Buyer' })).toHaveAttribute('href', '/members/b1');
    expect(screen.queryByText('This vehicle is in no auction event now.')).not.toBeInTheDocument();

    const earlier = screen.getByRole('table', { name: 'Earlier runs' });
    const rows = within(earlier).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Sharjah Monday Sale');
    expect(rows[0]).toHaveTextContent('No sale');
    expect(within(rows[0]!).getByRole('cell', { name: 'A' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: '7' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '09/02/2026' })).toHaveAttribute('href', '/auction-events/e1');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/auction-event/vehicle-history/v1');
  });

  it('waits for the sale day of a future event, and says when there is no earlier run', async () => {
    setup(vehicle('v1', 1001, { status: 'approved', eventId: 'e5' }), { body: { data: [run('r5', { eventId: 'e5', eventDate: '2099-05-01T12:00:00Z', lane: 'C', runNumber: 2 })] } });
    expect(await screen.findByText('Current run')).toBeInTheDocument();
    expect(valueOf('Result')).toHaveTextContent('Waiting for sale day');
    expect(await within(valueOf('Event')).findByRole('link', { name: '01/05/2099' })).toHaveAttribute('href', '/auction-events/e5');
    expect(screen.getByText('No earlier runs.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Earlier runs' })).not.toBeInTheDocument();
  });

  it('says not yet sold once the sale day came without a result', async () => {
    setup(vehicle('v1', 1001, { status: 'approved', eventId: 'e5' }), { body: { data: [run('r5', { eventId: 'e5', eventDate: '2026-01-08T12:00:00Z' })] } });
    expect(await screen.findByText('Current run')).toBeInTheDocument();
    expect(valueOf('Result')).toHaveTextContent('Not yet sold');
  });

  it('shows the last run of a vehicle that left its event unsold, and says it is in no event now', async () => {
    const noSale = run('r1', { eventId: 'e1', outcome: 'notSold', lane: 'B', runNumber: 4 });
    setup(vehicle('v1', 1001, { status: 'approved', eventId: null }), { body: { data: [noSale] } });
    expect(await screen.findByText('Last run')).toBeInTheDocument();
    expect(screen.queryByText('Current run')).not.toBeInTheDocument();
    expect(screen.getByText('This vehicle is in no auction event now.')).toBeInTheDocument();
    expect(valueOf('Result', 'Last run')).toHaveTextContent('No sale');
  });

  it("takes a sold vehicle's sale as its current run, also when the vehicle names no event", async () => {
    const sold = run('r2', { eventId: 'e2', outcome: 'sold', soldFor: 18000 });
    setup(vehicle('v1', 1001, { status: 'sold', soldFor: 18000, eventId: null, buyerInfo: { buyerProfile: buyer } }), { body: { data: [sold] } });
    expect(await screen.findByText('Current run')).toBeInTheDocument();
    expect(valueOf('Result')).toHaveTextContent('Sold to Huda Buyer for AED 18,000.00');
    expect(screen.queryByText('This vehicle is in no auction event now.')).not.toBeInTheDocument();
  });

  it('says plainly when the vehicle never ran in an auction', async () => {
    setup(vehicle('v1', 1001, { status: 'approved' }), { body: { data: [] } });
    expect(await screen.findByText('This vehicle has never run in an auction.')).toBeInTheDocument();
    expect(screen.queryByText('Current run')).not.toBeInTheDocument();
    expect(screen.queryByText(/not part of Gavel yet/)).not.toBeInTheDocument();
  });

  it('shows the event date without a link to a role that may not view auctions', async () => {
    setup(vehicle('v1', 1001, { status: 'approved', eventId: 'e5' }), { body: { data: [run('r5', { eventId: 'e5' })] } }, { Vehicles: ['view'] });
    expect(await screen.findByText('Current run')).toBeInTheDocument();
    expect(valueOf('Event')).toHaveTextContent('09/03/2026');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("says so when the history cannot be fetched, with the server's message", async () => {
    setup(vehicle('v1', 1001), { status: 500, body: { message: 'The database is not answering.', errors: [] } });
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
    expect(screen.getByText("Failed to fetch the vehicle's auction history")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
