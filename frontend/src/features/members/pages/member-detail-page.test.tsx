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

function setup(api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/members/m2': { body: desert },
    'POST /api/plan/list': { body: { data: [], total: 0, totalPages: 1, currentPage: 1 } },
    'POST /api/vehicles/get': { body: noVehicles },
    ...api,
  });
  renderWithProviders(<MemberDetailPage />, { path: '/members/:memberId', route: '/members/m2' });
  return { fetch, user: userEvent.setup() };
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

    await user.click(await within(form).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();
    const body = lastCall(fetch, '/api/members/update-member/m2').body as Record<string, unknown>;
    expect(body).toMatchObject({ companyName: 'Desert Motors Trading LLC', memberTypes: ['seller'], sellerType: 'dealer' });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('status');
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

  it('says plainly that auctions do not exist yet, and lists the vehicles the member sells', async () => {
    const { fetch, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Auction History' }));
    expect(await screen.findByText(/Auctions are not part of Gavel yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Vehicles' }));
    expect(await screen.findByText('This member has no vehicles with this status.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/vehicles/get').body).toMatchObject({ seller: 'm2', status: 'pending', pageNo: 1 });
    expect(screen.getByText(/once invoices are part of Gavel/)).toBeInTheDocument();
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

  it('says so when the member does not exist', async () => {
    setup({ 'GET /api/members/m2': { status: 404, body: { message: 'This member does not exist.', errors: [] } } });
    expect(await screen.findByText('This member does not exist.')).toBeInTheDocument();
  });
});
