import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemberDetailPage } from '@/features/members/pages/member-detail-page';
import { counts, memberFixture } from '@/features/members/test/member-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const desert = memberFixture('m2', {
  firstName: 'Rashid',
  lastName: 'Khan',
  email: 'fleet@desertmotors.ae',
  memberEntity: 'organization',
  companyName: 'Desert Motors Trading LLC',
  memberTypes: ['seller'],
  sellerType: 'dealer',
  status: 'approved',
});
const noVehicles = { data: { vehicles: [], totalMatching: 0, totalPages: 1, currentPage: 1 } };
const sellerCounts = (counts: Partial<Record<'pending' | 'approved' | 'rejected' | 'sold' | 'cancelled', number>> = {}) => {
  const all = { pending: 0, approved: 0, rejected: 0, sold: 0, cancelled: 0, ...counts };
  return { memberId: 'm2', ...all, total: Object.values(all).reduce((sum, count) => sum + count, 0) };
};
/** A vehicle as vehicles/get answers it, with the fields the Vehicles tab shows. */
const sold = (id: string, lot: number, fields: Record<string, unknown> = {}) => ({
  _id: id,
  vehicleLotNumber: lot,
  title: `Nissan Patrol ${lot}`,
  make: 'Nissan',
  model: 'Patrol',
  year: 2020,
  vinNumber: `JN8AY2NY0L9${lot}00`,
  status: 'sold',
  statusReason: null,
  openingPrice: 90000,
  soldFor: 101000,
  buyerInfo: { buyerProfile: { _id: 'b7', firstName: 'Huda', lastName: 'Buyer', companyName: null, email: 'huda@example.com', phone: '+971501110000', memberEntity: 'individual', status: 'approved' } },
  createdAt: '2026-01-05T10:00:00Z',
  ...fields,
});
const pageOf = (vehicles: unknown[]) => ({ data: { vehicles, totalMatching: vehicles.length, totalPages: 1, currentPage: 1 } });

function setup(api: MockRoutes = {}, grants = EVERYTHING, route = '/members/m2') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/members/m2': { body: desert },
    'GET /api/lookups/plans': { body: [] },
    'POST /api/vehicles/get': { body: noVehicles },
    'GET /api/vehicles/seller-counts/m2': { body: sellerCounts() },
    'GET /api/members/m2/auction-history': { body: { data: [] } },
    ...api,
  });
  const { router } = renderWithProviders(<MemberDetailPage />, { path: '/members/:memberId', route });
  return { fetch, router, user: userEvent.setup() };
}

const lastCall = (fetch: ReturnType<typeof mockFetch>, url: string) => {
  const index = fetch.mock.calls.map(([called]) => called).lastIndexOf(url);
  return sentRequest(fetch, index);
};

describe('/members/:memberId', () => {
  it('shows the member with read-only contact details and saves the editable ones', async () => {
    const { fetch, user } = setup({ 'PUT /api/members/update-member/m2': { body: desert } });
    expect(await screen.findByRole('heading', { name: 'Desert Motors Trading LLC' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to approved members/ })).toHaveAttribute('href', '/active-members');
    const form = screen.getByRole('form', { name: 'Member Information' });
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Company name')).toHaveValue('Desert Motors Trading LLC');
    // The identity document as UAE staff say it (the API value stays `nic`).
    expect(within(form).getByText('Emirates ID')).toBeInTheDocument();

    await user.click(await within(form).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();
    const body = lastCall(fetch, '/api/members/update-member/m2').body as Record<string, unknown>;
    expect(body).toMatchObject({ companyName: 'Desert Motors Trading LLC', memberTypes: ['seller'], sellerType: 'dealer' });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('status');
  });

  it("keeps the member's TRN: 15 digits as typed with spaces or dashes, refused otherwise, and the server's refusal at the field", async () => {
    let answer: { status: number; body: unknown } = { status: 422, body: { message: 'Some fields are not valid.', errors: [{ field: 'trn', message: 'A TRN (Tax Registration Number) has 15 digits.' }] } };
    const { fetch, user } = setup({ 'GET /api/members/m2': { body: { ...desert, trn: '100234567890003' } }, 'PUT /api/members/update-member/m2': () => answer });
    const form = await screen.findByRole('form', { name: 'Member Information' });
    const trn = await within(form).findByLabelText('TRN (Tax Registration Number)');
    expect(trn).toHaveValue('100234567890003');

    await user.clear(trn);
    await user.type(trn, '1002 3456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A TRN (Tax Registration Number) has 15 digits.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/members/update-member/m2')).toHaveLength(0);

    await user.clear(trn);
    await user.type(trn, '100-2345-6789-0004');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A TRN (Tax Registration Number) has 15 digits.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/update-member/m2').body).toMatchObject({ trn: '100234567890004' });

    answer = { status: 200, body: { ...desert, trn: null } };
    await user.clear(trn);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/update-member/m2').body).toMatchObject({ trn: null });
  });

  it('marks the seller as trusted and resets the password after confirmation', async () => {
    const { fetch, user } = setup({
      'PUT /api/members/update-account-status': { body: { message: '1 member marked as trusted sellers.', ...counts } },
      'PUT /api/members/update-member-password/m2': { body: { message: 'A temporary password was mailed to fleet@desertmotors.ae.', ...counts } },
    });
    await user.click(await screen.findByRole('switch', { name: 'Trusted seller' }));
    expect(await screen.findByText('1 member marked as trusted sellers.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/update-account-status').body).toEqual({ ids: ['m2'], isTrustedSeller: true });

    await user.click(screen.getByRole('button', { name: /Reset password/ }));
    await user.click(within(await findDialog('Reset password')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A temporary password was mailed to fleet@desertmotors.ae.')).toBeInTheDocument();
  });

  it('says plainly that a member without auction history has none, and that a member with no vehicles has none', async () => {
    const { fetch, router, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Auction History' }));
    expect(await screen.findByText(/^This member has no auction history:/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=auctions');
    await user.click(screen.getByRole('tab', { name: 'Vehicles' }));
    expect(await screen.findByText('This member has no vehicles.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=vehicles');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('radiogroup', { name: 'Vehicle status' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/vehicles/get')).toBe(false);
    expect(screen.getByText(/once invoices are part of Gavel/)).toBeInTheDocument();
  });

  it('opens the Vehicles tab on the first status that has vehicles, with each status counted', async () => {
    const { fetch, router, user } = setup(
      {
        'GET /api/vehicles/seller-counts/m2': { body: sellerCounts({ approved: 2, cancelled: 1 }) },
        'POST /api/vehicles/get': (init) => {
          const { status } = JSON.parse(String(init?.body)) as { status: string };
          if (status === 'cancelled') return { body: pageOf([sold('v9', 1609, { status: 'cancelled', soldFor: null, buyerInfo: null, statusReason: 'Seller withdrew it' })]) };
          return { body: pageOf([sold('v1', 1601, { status, soldFor: null, buyerInfo: null }), sold('v2', 1602, { status, soldFor: null, buyerInfo: null })]) };
        },
      },
      EVERYTHING,
      '/members/m2?tab=vehicles',
    );
    const statuses = await screen.findByRole('radiogroup', { name: 'Vehicle status' });
    expect(within(statuses).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Pending 0', 'Approved 2', 'Rejected 0', 'Sold 0', 'Cancelled 1']);
    expect(within(statuses).getByRole('radio', { name: 'Approved 2' })).toBeChecked();
    expect(await screen.findByRole('link', { name: 'Nissan Patrol 1601' })).toHaveAttribute('href', '/vehicles/v1');
    expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ seller: 'm2', status: 'approved', pageNo: 1 });

    await user.click(within(statuses).getByText('Cancelled'));
    expect(await screen.findByText('Seller withdrew it')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ status: 'cancelled' });
    expect(new URLSearchParams(router.state.location.search).get('vehicleStatus')).toBe('cancelled');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('vehicles');
  });

  it('opens the tab and status of the URL (a reload or a shared link); a sold vehicle links to its buyer', async () => {
    const { fetch } = setup(
      {
        'GET /api/vehicles/seller-counts/m2': { body: sellerCounts({ pending: 3, sold: 1 }) },
        'POST /api/vehicles/get': { body: pageOf([sold('v5', 1605)]) },
      },
      EVERYTHING,
      '/members/m2?tab=vehicles&vehicleStatus=sold',
    );
    expect(await screen.findByRole('tab', { name: 'Vehicles', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Sold 1' })).toBeChecked();
    expect(await screen.findByRole('link', { name: 'Huda Buyer' })).toHaveAttribute('href', '/members/b7');
    expect(screen.getByRole('link', { name: 'Nissan Patrol 1605' })).toHaveAttribute('href', '/vehicles/v5');
    expect(fetch.mock.calls.filter(([url]) => url === '/api/vehicles/get').map(([, init]) => (JSON.parse(String(init?.body)) as { status: string }).status)).toEqual(['sold']);
  });

  it('is read-only for a view-only role', async () => {
    setup({}, { Members: ['view'] });
    await screen.findByRole('heading', { name: 'Desert Motors Trading LLC' });
    // Text queries: role queries over this long form are slow under jsdom.
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
    expect(screen.queryByText('Reset password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Trusted seller', { selector: 'button' })).toBeDisabled();
    expect(screen.getByLabelText('Company name')).toBeDisabled();
  });

  it("keeps a seller's bank details for payouts: the IBAN's shape checked here, its check digits by the server", async () => {
    let answer: { status: number; body: unknown } = { status: 422, body: { message: 'Some fields are not valid.', errors: [{ field: 'bankIban', message: 'This IBAN is not valid: check its letters and digits (e.g. AE07 0331 2345 6789 0123 456).' }] } };
    const { fetch, user } = setup({
      'GET /api/members/m2': { body: { ...desert, bankAccountName: 'Desert Motors Trading LLC', bankIban: 'AE070331234567890123456', bankName: 'Emirates NBD' } },
      'PUT /api/members/update-member/m2': () => answer,
    });
    const form = await screen.findByRole('form', { name: 'Member Information' });
    expect(within(form).getByText('Bank details for payouts and refunds')).toBeInTheDocument();
    expect(within(form).getByLabelText('Account name')).toHaveValue('Desert Motors Trading LLC');
    expect(within(form).getByLabelText('Bank')).toHaveValue('Emirates NBD');
    const iban = within(form).getByLabelText('IBAN');
    expect(iban).toHaveValue('AE070331234567890123456');

    await user.clear(iban);
    await user.type(iban, 'AE07 0331');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/An IBAN has a country code, two check digits and the account number/)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/members/update-member/m2')).toHaveLength(0);

    await user.clear(iban);
    await user.type(iban, 'ae00 0331 2345 6789 0123 456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/This IBAN is not valid: check its letters and digits/)).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/update-member/m2').body).toMatchObject({ bankAccountName: 'Desert Motors Trading LLC', bankIban: 'AE000331234567890123456', bankName: 'Emirates NBD' });

    answer = { status: 200, body: desert };
    await user.clear(iban);
    await user.type(iban, 'AE07 0331 2345 6789 0123 456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/update-member/m2').body).toMatchObject({ bankIban: 'AE070331234567890123456' });
  });

  it('shows the bank details read-only to a view-only role', async () => {
    setup({ 'GET /api/members/m2': { body: { ...desert, bankIban: 'AE070331234567890123456' } } }, { Members: ['view'] });
    expect(await screen.findByLabelText('IBAN')).toBeDisabled();
    expect(screen.getByLabelText('IBAN')).toHaveValue('AE070331234567890123456');
  });

  it('has bank details for a member who only buys too: their refunds go there', async () => {
    setup({ 'GET /api/members/m2': { body: { ...desert, memberTypes: ['buyer'], sellerType: null } } });
    await screen.findByRole('heading', { name: 'Desert Motors Trading LLC' });
    expect(await screen.findByText('Bank details for payouts and refunds')).toBeInTheDocument();
    expect(screen.getByLabelText('IBAN')).toBeInTheDocument();
  });

  it('shows the Ledger tab to a role that may view payments only', async () => {
    setup({ 'POST /api/members/m2/ledger': { body: { data: [], balances: { owesUs: 0, weOwe: 0, depositHeld: 0 }, currentPage: 1, totalPages: 1, totalMatching: 0 } } }, EVERYTHING, '/members/m2?tab=ledger');
    expect(await screen.findByRole('tab', { name: 'Ledger', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No entries for these filters.')).toBeInTheDocument();
  });

  it('hides the Ledger tab from a role without Payments view, even from a link to it', async () => {
    const { fetch } = setup({}, { Members: ['view'] }, '/members/m2?tab=ledger');
    expect(await screen.findByRole('tab', { name: 'Member Information', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Ledger' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/members/m2/ledger');
  });

  it('says so when the member does not exist', async () => {
    setup({ 'GET /api/members/m2': { status: 404, body: { message: 'This member does not exist.', errors: [] } } });
    expect(await screen.findByText('This member does not exist.')).toBeInTheDocument();
  });
});
