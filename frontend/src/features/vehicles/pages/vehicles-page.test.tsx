import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { seller, vehicle } from '@/features/vehicles/test/vehicle-fixture';
import { VehiclesPage } from '@/features/vehicles/pages/vehicles-page';
import type { VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const counts = {
  pending: 2,
  received: 1,
  inInspection: 0,
  inspectionCompleted: 0,
  reviewTotal: 3,
  approved: 4,
  assigned: 1,
  unassigned: 3,
  sold: 1,
  paid: 1,
  unpaid: 0,
  released: 0,
  unreleased: 1,
  rejected: 0,
  cancelled: 1,
  returned: 0,
  unreturned: 1,
};
const page = (vehicles: Vehicle[]) => ({ data: { vehicles, totalPages: 1, currentPage: 1, totalMatching: vehicles.length, ...counts } });

function setup(name: VehicleListName, vehicles: Vehicle[], api: MockRoutes = {}, route = '/list', grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/vehicles/get': { body: page(vehicles) },
    'POST /api/members/get': { body: { members: [], totalMatching: 0 } },
    ...api,
  });
  renderWithProviders(<VehiclesPage list={name} />, { path: '/list', route });
  return { fetch, user: userEvent.setup() };
}

const lastCall = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url));

describe('vehicle lists', () => {
  it('Review shows its counts and rows, and sends the URL filters and the search to the server', async () => {
    const { fetch, user } = setup('review', [vehicle('v1', 1001), vehicle('v2', 1002)], {}, '/list?make=Toyota&yearFrom=2015&priceTo=90000&fuelType=Petrol');
    expect(await screen.findByRole('heading', { name: 'Review vehicles' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Lot 1001/ });
    // Review's rows carry four dropdowns: the VIN stays, the mileage, seller and opening price wait in the chooser.
    expect(row).toHaveTextContent('1HGCM8269KA001001');
    expect(row).not.toHaveTextContent('AED 85,000.00');
    expect(row).not.toHaveTextContent('86,500 km');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).not.toContain('Seller');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Review total3');
    await user.hover(within(summary).getByRole('img', { name: "Every vehicle on this list, inspection completed included (as the top bar's badge)" }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent("Every vehicle on this list, inspection completed included (as the top bar's badge)");
    expect(summary).not.toHaveTextContent('Unassigned');
    expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ status: 'pending', make: 'Toyota', yearFrom: 2015, priceTo: '90000', fuelType: 'Petrol', pageNo: 1 });

    await user.type(screen.getByRole('searchbox', { name: 'Search vehicles' }), '004352{Enter}');
    await waitFor(() => expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ search: '004352', make: 'Toyota' }));
  });

  it('Review records receiving with its own call, and shows why approving is refused', async () => {
    const { fetch, user } = setup('review', [vehicle('v1', 1001)], {
      'PUT /api/vehicles/update-vehicle-status/v1': { body: vehicle('v1', 1001, { isReceived: true }) },
      'PUT /api/vehicles/update-status': { status: 409, body: { success: false, message: 'Lot 1001 cannot be approved yet: its inspection is not completed.', errors: [] } },
    });
    await screen.findByRole('row', { name: /Lot 1001/ });
    await pickOption(user, 'Received of Lot 1001', 'Received');
    expect(await screen.findByText('Lot 1001 marked as received')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles/update-vehicle-status/v1').body).toEqual({ isReceived: true });

    await pickOption(user, 'Status of Lot 1001', 'Approved');
    expect(await screen.findByText('Lot 1001 cannot be approved yet: its inspection is not completed.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles/update-status').body).toEqual({ ids: ['v1'], status: 'approved' });
  });

  it('cancelling asks for the reason, naming the lot; an answer with success false is a failure showing its first error', async () => {
    const { fetch, user } = setup('approved', [vehicle('v1', 1001, { status: 'approved' })], {
      'PUT /api/vehicles/update-status': { body: { success: false, message: 'Nothing changed.', errors: [{ id: 'v1', message: 'Lot 1001 is in an auction event.' }] } },
    });
    await screen.findByRole('row', { name: /Lot 1001/ });
    await pickOption(user, 'Status of Lot 1001', 'Cancelled');
    const confirm = await findDialog('Cancel Lot 1001?');
    await fill(user, within(confirm).getByLabelText('Reason'), 'Seller withdrew the car');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel vehicle' }));
    expect(await screen.findByText('Lot 1001 is in an auction event.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles/update-status').body).toEqual({ ids: ['v1'], status: 'cancelled', reason: 'Seller withdrew the car' });
  });

  it("Sold shows the invoice's state (opening the invoice) and the gate pass as they stand, release as a dropdown, the status disabled", async () => {
    setup('sold', [
      vehicle('v1', 1001, { status: 'sold', isPaid: true, gatePassStatus: 'Generated', soldFor: 120000, invoice: { _id: 'i1', invoiceNo: 'INV-2026-000007', status: 'paid', dueAmount: 0 } }),
      vehicle('v2', 1002, { status: 'sold', soldFor: 30000, invoice: { _id: 'i2', invoiceNo: 'INV-2026-000008', status: 'partiallyPaid', dueAmount: 12500.5 } }),
    ], { 'GET /api/me/preferences': { body: { density: 'comfortable', lists: { 'vehicles-sold': { columns: [{ key: 'status', visible: true }] } } } } }); // the status is hidden by default in Sold (issue 29)
    const row = await screen.findByRole('row', { name: /Lot 1001/ });
    expect(row).toHaveTextContent('AED 120,000.00');
    expect(within(row).getByRole('combobox', { name: 'Status of Lot 1001' })).toBeDisabled();
    expect(within(row).getByRole('link', { name: 'Paid: invoice INV-2026-000007' })).toHaveAttribute('href', '/invoice-management?invoice=i1');
    expect(within(row).queryByRole('combobox', { name: 'Payment of Lot 1001' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('combobox', { name: 'Gate pass of Lot 1001' })).not.toBeInTheDocument();
    expect(within(row).getByText('Generated')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Release of Lot 1001' })).toBeEnabled();
    const partly = screen.getByRole('row', { name: /Lot 1002/ });
    expect(within(partly).getByRole('link', { name: 'Partly paid: invoice INV-2026-000008' })).toHaveAttribute('href', '/invoice-management?invoice=i2');
    expect(partly).toHaveTextContent('AED 12,500.50 due');
    expect(within(partly).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('Unreleased1');
  });

  it("Sold without the Payments privilege shows the invoice's state without a link", async () => {
    setup('sold', [vehicle('v1', 1001, { status: 'sold', soldFor: 120000, invoice: { _id: 'i1', invoiceNo: 'INV-2026-000009', status: 'overdue', dueAmount: 120500 } })], {}, '/list', { Vehicles: ['view'] });
    const row = await screen.findByRole('row', { name: /Lot 1001/ });
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /INV-2026-000009/ })).not.toBeInTheDocument();
    expect(within(row).getByText('Unreleased')).toBeInTheDocument();
  });

  it('Canceled: a returned vehicle can no longer change; the Returned card filters the list', async () => {
    const { fetch, user } = setup('canceled', [vehicle('v1', 1001, { status: 'cancelled', isReturned: true }), vehicle('v2', 1002, { status: 'cancelled' })]);
    const returned = await screen.findByRole('row', { name: /Lot 1001/ });
    expect(within(returned).getByRole('combobox', { name: 'Returned of Lot 1001' })).toBeDisabled();
    expect(within(screen.getByRole('row', { name: /Lot 1002/ })).getByRole('combobox', { name: 'Returned of Lot 1002' })).toBeEnabled();
    await user.click(within(screen.getByRole('region', { name: 'Summary' })).getByRole('button', { name: /^Returned/ }));
    await waitFor(() => expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ status: 'cancelled', isReturned: true }));
  });

  it('deletes the selected vehicles of Review after confirmation', async () => {
    const { fetch, user } = setup('review', [vehicle('v1', 1001), vehicle('v2', 1002)], {
      'DELETE /api/vehicles': { body: { success: true, message: '2 vehicles deleted.' } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lot 1001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lot 1002' }));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    const confirm = await findDialog('Delete vehicles');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 vehicles deleted.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles').body).toEqual({ vehiclesIds: ['v1', 'v2'] });
  });

  it('the add dialog refuses a VIN in use and a reserve below the opening price', async () => {
    const { user } = setup('review', [], {
      'POST /api/vehicles/decode-vin': { body: { vinNumber: '1HGCM82633A004352', valid: true, message: 'Enter Unique Vin Number', make: 'Honda', country: 'United States', year: 2003, duplicate: true } },
    });
    await user.click(await screen.findByRole('button', { name: /Add vehicle/ }));
    const dialog = await findDialog('Add vehicle');
    await fill(user, within(dialog).getByLabelText('VIN'), '1HGCM82633A004352');
    expect(await within(dialog).findByText('Enter Unique Vin Number')).toBeInTheDocument();
    expect(await within(dialog).findByText('The VIN suggests make Honda, year 2003.')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Opening price'), '50000');
    await fill(user, within(dialog).getByLabelText('Reserve price'), '40000');
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(dialog).findByText('The reserve price cannot be below the opening price.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose the seller')).toBeInTheDocument();
  });

  it('names the seller a filter in the URL points at, and sends the filter', async () => {
    const { fetch } = setup('approved', [], { 'GET /api/members/m1': { body: seller } }, '/list?seller=m1&assigned=false');
    expect(await screen.findByText('Majid Seller · majid@example.com')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ status: 'approved', seller: 'm1', assigned: false });
  });

  it('hides what a view-only role may not do', async () => {
    setup('review', [vehicle('v1', 1001)], {}, '/list', { Vehicles: ['view'] });
    const row = await screen.findByRole('row', { name: /Lot 1001/ });
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Pending');
    expect(screen.queryByRole('button', { name: /Add vehicle/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select Lot 1001' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it("toasts the fallback when the list can't be loaded", async () => {
    setup('review', [], { 'POST /api/vehicles/get': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch vehicles')).toBeInTheDocument();
  });
});
