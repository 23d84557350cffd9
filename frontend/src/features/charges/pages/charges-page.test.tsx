import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChargesPage } from '@/features/charges/pages/charges-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const charge = (id: string, title: string, charges: number, minPrice: number | null, maxPrice: number | null, isActive = true) => ({
  _id: id,
  title,
  charges,
  appliesTo: id === 'c3' ? 'seller' : 'buyer',
  kind: id === 'c2' ? 'gatePass' : 'sale',
  minPrice,
  maxPrice,
  isActive,
  description: id === 'c1' ? 'Buyer fee for cheaper cars' : null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const charges = {
  data: [charge('c1', 'Buyer fee (up to 5,000)', 350, 0, 5000), charge('c2', 'Gate fee', 100, null, null), charge('c3', 'Listing fee', 250, 20000, null, false)],
  total: 3,
  active: 2,
  inactive: 1,
  totalPages: 1,
  currentPage: 1,
};

function setup(api: MockRoutes = {}, route = '/charges') {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(EVERYTHING) }, 'POST /api/charge/get': { body: charges }, ...api });
  const { router } = renderWithProviders(<ChargesPage />, { path: '/charges', route });
  return { fetch, router, user: userEvent.setup() };
}

const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url)).body;

describe('/charges', () => {
  it('shows amounts in AED, who pays, the kind, the price band and the counts', async () => {
    setup();
    const first = await screen.findByRole('row', { name: /Buyer fee \(up to 5,000\)/ });
    expect(first).toHaveTextContent('AED 350.00');
    expect(first).toHaveTextContent('Sale fee');
    expect(first).toHaveTextContent('AED 0.00 – AED 5,000.00');
    expect(screen.getByRole('row', { name: /Gate fee/ })).toHaveTextContent('Gate pass fee');
    expect(screen.getByRole('row', { name: /Gate fee/ })).toHaveTextContent('Any price');
    expect(screen.getByRole('row', { name: /Listing fee/ })).toHaveTextContent('SellerSale feeFrom AED 20,000.00');
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByRole('button', { name: /Active charges/ })).toHaveTextContent('2');
  });

  it('switches the selected charges inactive in one call', async () => {
    const { fetch, user } = setup({ 'PUT /api/charge/update-charge-status': { body: { message: '2 charges updated.', total: 3, active: 0, inactive: 3 } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Buyer fee (up to 5,000)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gate fee' }));
    await pickOption(user, 'Change status of selected charges', 'Inactive');
    expect(await screen.findByText('2 charges updated.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/charge/update-charge-status')).toEqual({ ids: ['c1', 'c2'], isActive: false });
    expect(fetch.mock.calls.filter(([url]) => url === '/api/charge/update-charge-status')).toHaveLength(1);
  });

  it('adds a charge with a price band and shows the server message when it fails', async () => {
    const { fetch, user } = setup({ 'POST /api/charge/create': { status: 409, body: { message: 'A charge with this title already exists.', errors: [] } } });
    await user.click(await screen.findByRole('button', { name: /Add charge/ }));
    const dialog = await findDialog('Add charge');
    await fill(user, within(dialog).getByLabelText('Title'), 'Storage per day');
    await fill(user, within(dialog).getByLabelText('Amount'), '75.50');
    await pickOption(user, 'Applies to', 'Buyer');
    await pickOption(user, 'Kind', 'Storage per day');
    await fill(user, within(dialog).getByLabelText('Minimum sale price'), '5000');
    await fill(user, within(dialog).getByLabelText('Maximum sale price'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Add charge' }));
    expect(await within(dialog).findByText('The maximum must not be below the minimum')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Maximum sale price'));
    await user.click(within(dialog).getByRole('button', { name: 'Add charge' }));
    expect(await screen.findByText('A charge with this title already exists.')).toBeInTheDocument();
    await waitFor(() =>
      expect(lastBody(fetch, '/api/charge/create')).toEqual({
        title: 'Storage per day',
        charges: '75.50',
        appliesTo: 'buyer',
        kind: 'storagePerDay',
        minPrice: '5000',
        maxPrice: null,
        description: null,
        isActive: true,
      }),
    );
  });

  it('filters by kind, kept in the URL', async () => {
    const { fetch, router, user } = setup();
    await screen.findByRole('row', { name: /Gate fee/ });
    await pickOption(user, 'Filter by kind', 'Late payment fee');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=latePayment'));
    await waitFor(() => expect(lastBody(fetch, '/api/charge/get')).toMatchObject({ kind: 'latePayment', pageNo: 1 }));
  });

  it('reads the kind filter from the URL and leaves out a kind it does not know', async () => {
    const { fetch } = setup({}, '/charges?kind=gatePass');
    await screen.findByRole('row', { name: /Gate fee/ });
    expect(lastBody(fetch, '/api/charge/get')).toMatchObject({ kind: 'gatePass' });
    expect(screen.getByRole('combobox', { name: 'Filter by kind' }).closest('.ant-select')).toHaveTextContent('Gate pass fee');
  });

  it('shows an overlapping band at the band fields and in a toast', async () => {
    const overlap = 'The price band overlaps "Buyer fee (up to 5,000)" (0.00 to 5,000.00 AED): a sale would be charged twice.';
    const field = 'Overlaps "Buyer fee (up to 5,000)" (0.00 to 5,000.00 AED).';
    const { user } = setup({
      'POST /api/charge/create': {
        status: 409,
        body: { message: overlap, errors: [{ field: 'minPrice', message: field }, { field: 'maxPrice', message: field }] },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Add charge/ }));
    const dialog = await findDialog('Add charge');
    await fill(user, within(dialog).getByLabelText('Title'), 'Buyer fee 2,000 to 8,000');
    await fill(user, within(dialog).getByLabelText('Amount'), '400');
    await fill(user, within(dialog).getByLabelText('Minimum sale price'), '2000');
    await fill(user, within(dialog).getByLabelText('Maximum sale price'), '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Add charge' }));
    expect(await screen.findByText(overlap)).toBeInTheDocument();
    expect(within(dialog).getAllByText(field)).toHaveLength(2);
  });

  it('sends the kind it had when editing a charge', async () => {
    const { fetch, user } = setup({ 'PUT /api/charge/update/c2': { body: charges.data[1] } });
    await user.click(await screen.findByRole('button', { name: 'Edit Gate fee' }));
    const dialog = await findDialog('Edit charge');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Charge updated')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/charge/update/c2')).toMatchObject({ title: 'Gate fee', kind: 'gatePass', appliesTo: 'buyer' });
  });
});
