import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { VehicleDetailPage } from '@/features/vehicles/pages/vehicle-detail-page';
import { vehicle } from '@/features/vehicles/test/vehicle-fixture';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const images = [
  { url: '/public/vehicles/a-front.png', thumbnailUrl: '/public/vehicles/a-front-thumb.png' },
  { url: '/public/vehicles/b-side.png', thumbnailUrl: '/public/vehicles/b-side-thumb.png' },
];

function setup(shown: Vehicle, api: MockRoutes = {}, grants = EVERYTHING, query = '') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    [`GET /api/vehicles/${shown._id}`]: { body: shown },
    'POST /api/members/get': { body: { members: [], totalMatching: 0 } },
    [`GET /api/auction-event/vehicle-history/${shown._id}`]: { body: { data: [] } },
    'POST /api/vehicles/decode-vin': { body: { vinNumber: shown.vinNumber, valid: true, message: 'Enter Unique Vin Number', make: null, country: null, year: null, duplicate: true } },
    ...api,
  });
  const { router } = renderWithProviders(<VehicleDetailPage />, { path: '/vehicles/:vehicleId', route: `/vehicles/${shown._id}${query}` });
  return { fetch, router, user: userEvent.setup() };
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

  it('shows the seller and the buyer of a sold vehicle as links to their member pages, the sale among its auction runs, and its payment details', async () => {
    const buyer = { _id: 'b1', firstName: 'Huda', lastName: 'Buyer', companyName: null, email: 'huda@example.com', phone: '+971501110000', memberEntity: 'individual', status: 'approved' };
    const sale = { role: 'seller', runId: 'r1', auctionId: 'a1', auctionTitle: 'Dubai Thursday Live Sale', eventId: 'e1', eventDate: '2026-03-12T12:00:00Z', lane: 'A', runNumber: 4, outcome: 'sold', soldFor: 120000, vehicleId: 'v2', vehicleTitle: 'Toyota Land Cruiser 1002', vehicleLotNumber: 1002 };
    const { user } = setup(vehicle('v2', 1002, { status: 'sold', soldFor: 120000, isPaid: true, eventId: 'e1', auctionId: 'a1', buyerInfo: { buyerProfile: buyer } }), {
      'GET /api/auction-event/vehicle-history/v2': { body: { data: [sale] } },
      'POST /api/invoices/get': { body: { data: [], totalPages: 0, currentPage: 1, totalMatching: 0, totals: {} } },
      'GET /api/gate-passes/vehicle/v2': { body: { data: [] } },
    });
    expect(await screen.findByRole('heading', { name: /^Lot 1002/ })).toBeInTheDocument();
    expect(await screen.findByText(/its details can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Member Information' }));
    expect(await screen.findByText('majid@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Majid Seller' })).toHaveAttribute('href', '/members/m1');
    await user.click(screen.getByRole('tab', { name: 'Auction Details' }));
    expect(await screen.findByText(/^Sold to/)).toHaveTextContent('Sold to Huda Buyer for AED 120,000.00');
    expect(screen.getByRole('link', { name: '12/03/2026' })).toHaveAttribute('href', '/auction-events/e1');
    await user.click(screen.getByRole('tab', { name: 'Payment Details' }));
    expect(await screen.findByRole('link', { name: 'Huda Buyer' })).toHaveAttribute('href', '/members/b1');
    expect(screen.getByText(/huda@example\.com/)).toBeInTheDocument();
    expect(screen.getByText('AED 120,000.00')).toBeInTheDocument();
    expect(await screen.findByText('No invoice has been issued for this vehicle.')).toBeInTheDocument();
    expect(await screen.findByText('No gate pass has been generated for this vehicle.')).toBeInTheDocument();
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

  it('keeps the open tab in the URL: a link or a reload with ?tab=member opens Member Information, and the tab change replaces the entry', async () => {
    const { router, user } = setup(vehicle('v1', 1001), {}, EVERYTHING, '?tab=member');
    expect(await screen.findByRole('tab', { name: 'Member Information', selected: true })).toBeInTheDocument();
    expect(screen.getByText('majid@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payment Details' }));
    expect(router.state.location.search).toBe('?tab=payment');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.click(screen.getByRole('tab', { name: 'Vehicle Information' }));
    expect(router.state.location.search).toBe('');
  });

  it('receives, inspects and approves the vehicle from its page, with the list rules, and refreshes after each change', async () => {
    let shown = vehicle('v1', 1001);
    const { fetch, user } = setup(shown, {
      'GET /api/vehicles/v1': () => ({ body: shown }),
      'PUT /api/vehicles/update-vehicle-status/v1': (init) => {
        shown = { ...shown, ...(JSON.parse(String(init?.body)) as Partial<Vehicle>) };
        return { body: shown };
      },
      'PUT /api/vehicles/update-status': () => {
        shown = { ...shown, status: 'approved' };
        return { body: { success: true, message: '1 vehicle set to approved.', errors: [], ids: ['v1'] } };
      },
    });
    expect(await screen.findByText('Status and steps')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'SVD (delivered by the seller) of Lot 1001' })).toBeEnabled();
    const gets = () => fetch.mock.calls.filter(([url, init]) => url === '/api/vehicles/v1' && (init?.method ?? 'GET') === 'GET').length;
    const before = gets();

    await pickOption(user, 'Received of Lot 1001', 'Received');
    expect(await screen.findByText('Lot 1001 marked as received')).toBeInTheDocument();
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    await pickOption(user, 'SVD (delivered by the seller) of Lot 1001', 'Delivered');
    expect(await screen.findByText('Lot 1001 marked as delivered by the seller')).toBeInTheDocument();
    await pickOption(user, 'Inspection of Lot 1001', 'In Inspection');
    expect(await screen.findByText('Lot 1001: inspection started')).toBeInTheDocument();
    await pickOption(user, 'Inspection of Lot 1001', 'Completed');
    expect(await screen.findByText('Lot 1001: inspection completed')).toBeInTheDocument();

    await pickOption(user, 'Status of Lot 1001', 'Approved');
    expect(await screen.findByText('1 vehicle set to approved.')).toBeInTheDocument();
    // Refreshed: now in Approved, whose move is Cancelled; the review steps stay in view, as they ended.
    expect(await screen.findByRole('link', { name: 'Approved vehicles' })).toHaveAttribute('href', '/approved-vehicles');
    expect(screen.queryByRole('combobox', { name: 'Received of Lot 1001' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Lot 1001' })).toBeEnabled();
    const bodies = fetch.mock.calls.filter(([url]) => url === '/api/vehicles/update-vehicle-status/v1').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([{ isReceived: true }, { isVehicleDeliveredBySeller: true }, { isInspection: 'inInspection' }, { isInspection: 'completed' }]);
  });

  it("a sold vehicle shows its invoice's state and gate pass as they stand and offers release; its status cannot change", async () => {
    setup(vehicle('v3', 1003, { status: 'sold', isReceived: true, isInspection: 'completed', soldFor: 99000, gatePassStatus: 'Scanned', invoice: { _id: 'i3', invoiceNo: 'INV-2026-000003', status: 'unpaid', dueAmount: 104000 } }));
    expect(await screen.findByRole('combobox', { name: 'Release of Lot 1003' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Unpaid: invoice INV-2026-000003' })).toHaveAttribute('href', '/invoice-management?invoice=i3');
    expect(screen.getByText('AED 104,000.00 due')).toBeInTheDocument();
    expect(screen.getByText('Scanned')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Payment of Lot 1003' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Gate pass of Lot 1003' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Lot 1003' })).toBeDisabled();
  });

  it('shows the steps without controls to a role that may not change statuses', async () => {
    setup(vehicle('v1', 1001, { isReceived: true }), {}, { Vehicles: ['view'], Members: ['view'] }, '?tab=member');
    // The seller's link shows once the role is known (Members view).
    expect(await screen.findByRole('link', { name: 'Majid Seller' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /of Lot 1001$/ })).not.toBeInTheDocument();
    expect(screen.getByText('SVD (delivered by the seller)')).toBeInTheDocument();
    expect(screen.getAllByText('Received').length).toBeGreaterThan(0);
  });

  it('says why a rejected vehicle was rejected, and when', async () => {
    setup(vehicle('v4', 1004, { status: 'rejected', statusReason: 'No service history', statusChangedAt: '2026-01-05T10:00:00Z' }));
    expect(await screen.findByText('Rejected on 05/01/2026: No service history')).toBeInTheDocument();
  });
});
