import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { VehicleDetailPage } from '@/features/vehicles/pages/vehicle-detail-page';
import { vehicle } from '@/features/vehicles/test/vehicle-fixture';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const images = [
  { url: '/public/vehicles/a-front.png', thumbnailUrl: '/public/vehicles/a-front-thumb.png' },
  { url: '/public/vehicles/b-side.png', thumbnailUrl: '/public/vehicles/b-side-thumb.png' },
];

function setup(shown: Vehicle, api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    [`GET /api/vehicles/${shown._id}`]: { body: shown },
    'POST /api/members/get': { body: { members: [], totalMatching: 0 } },
    'POST /api/vehicles/decode-vin': { body: { vinNumber: shown.vinNumber, valid: true, message: 'Enter Unique Vin Number', make: null, country: null, year: null, duplicate: true } },
    ...api,
  });
  renderWithProviders(<VehicleDetailPage />, { path: '/vehicles/:vehicleId', route: `/vehicles/${shown._id}` });
  return { fetch, user: userEvent.setup() };
}

describe('/vehicles/:vehicleId', () => {
  it('shows the gallery and saves the details without the status (its own VIN is no duplicate)', async () => {
    const { fetch, user } = setup(vehicle('v1', 1001, { images }), { 'PUT /api/vehicles/v1': { body: vehicle('v1', 1001, { color: 'Pearl white' }) } });
    expect(await screen.findByRole('heading', { name: 'Lot 1001 · Toyota Land Cruiser 1001' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Photos' });
    expect(within(gallery).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/public/vehicles/a-front-thumb.png');
    expect(within(gallery).getAllByRole('img')).toHaveLength(2);

    const save = await screen.findByRole('button', { name: 'Save' });
    await fill(user, screen.getByLabelText('Colour'), 'Pearl white');
    await user.click(save);
    expect(await screen.findByText('Lot 1001 saved')).toBeInTheDocument();
    const index = fetch.mock.calls.findIndex(([url, init]) => url === '/api/vehicles/v1' && init?.method === 'PUT');
    const body = sentRequest(fetch, index).body as Record<string, unknown>;
    expect(body).toMatchObject({ color: 'Pearl white', vinNumber: '1HGCM8269KA001001', memberProfile: 'm1', openingPrice: '85000.00' });
    expect(body).not.toHaveProperty('status');
    expect(body.images).toEqual(images);
  });

  it('shows the seller, and a sold vehicle with its buyer and price; auctions and invoices say they are not there yet', async () => {
    const buyer = { _id: 'b1', firstName: 'Huda', lastName: 'Buyer', companyName: null, email: 'huda@example.com', phone: '+971501110000', memberEntity: 'individual', status: 'approved' };
    const { user } = setup(vehicle('v2', 1002, { status: 'sold', soldFor: 120000, isPaid: true, buyerInfo: { buyerProfile: buyer } }));
    expect(await screen.findByRole('heading', { name: /^Lot 1002/ })).toBeInTheDocument();
    expect(await screen.findByText(/its details can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Member Information' }));
    expect(await screen.findByText('majid@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Auction Details' }));
    expect(await screen.findByText(/^Auctions are not part of Gavel yet\./)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Payment Details' }));
    expect(await screen.findByText('Huda Buyer · huda@example.com')).toBeInTheDocument();
    expect(screen.getByText('AED 120,000.00')).toBeInTheDocument();
    expect(screen.getByText(/^Invoices and payments are not part of Gavel yet\./)).toBeInTheDocument();
  });

  it('says so when the vehicle does not exist', async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'GET /api/vehicles/gone': { status: 404, body: { message: 'This vehicle does not exist.' } },
    });
    renderWithProviders(<VehicleDetailPage />, { path: '/vehicles/:vehicleId', route: '/vehicles/gone' });
    expect(await screen.findByText('This vehicle does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to review' })).toHaveAttribute('href', '/un-approved-vehicles');
  });
});
