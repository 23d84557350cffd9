import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MembersPage } from '@/features/members/pages/members-page';
import type { MemberListName } from '@/features/members/lib/member-lists';
import { counts, listOf, memberFixture } from '@/features/members/test/member-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const noura = memberFixture('m1');
const desert = memberFixture('m2', {
  firstName: 'Rashid',
  lastName: 'Khan',
  memberEntity: 'organization',
  companyName: 'Desert Motors Trading LLC',
  memberTypes: ['seller', 'buyer'],
  sellerType: 'dealer',
});

function setup(api: MockRoutes = {}, grants = EVERYTHING, list: MemberListName = 'review') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/members/get': { body: listOf([noura, desert]) },
    'GET /api/lookups/plans': { body: [] },
    ...api,
  });
  renderWithProviders(<MembersPage list={list} />, { path: '/members-list' });
  return { fetch, user: userEvent.setup() };
}

const lastCall = (fetch: ReturnType<typeof mockFetch>, url: string) => {
  const index = fetch.mock.calls.map(([called]) => called).lastIndexOf(url);
  return sentRequest(fetch, index);
};

describe('member lists', () => {
  it('shows the counts and the review list, with member types as SPEC.md says', async () => {
    const { fetch, user } = setup();
    expect(await screen.findByRole('link', { name: 'Noura Al Mansoori' })).toHaveAttribute('href', '/members/m1');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Organizations').closest('[role="button"]')).toHaveTextContent('3');
    expect(within(summary).getByRole('button', { name: /Deactivated/ })).toHaveTextContent('2');
    expect(screen.getByRole('row', { name: /Desert Motors Trading LLC/ })).toHaveTextContent('Both');
    expect(screen.getByRole('row', { name: /Noura Al Mansoori/ })).toHaveTextContent('Buyer');
    expect(lastCall(fetch, '/api/members/get').body).toMatchObject({ status: 'pending', pageNo: 1, limit: 10 });

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ded-77{Enter}');
    await pickOption(user, 'Filter by entity', 'Organization');
    await waitFor(() => expect(lastCall(fetch, '/api/members/get').body).toMatchObject({ search: 'ded-77', memberEntity: 'organization', status: 'pending' }));
  });

  it('approves a member from its row and toasts the answer', async () => {
    const { fetch, user } = setup({ 'PUT /api/members/update-status': { body: { message: '1 member set to approved.', ...counts } } });
    await screen.findByRole('link', { name: 'Noura Al Mansoori' });
    await pickOption(user, 'Change status of Noura Al Mansoori', 'Approved');
    expect(await screen.findByText('1 member set to approved.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/update-status').body).toEqual({ ids: ['m1'], status: 'approved' });
  });

  it("toasts the server's refusal of a transition (409)", async () => {
    const refusal = 'Cannot change 1 member to approved: Desert Motors Trading LLC is approved.';
    const { user } = setup({ 'PUT /api/members/update-status': { status: 409, body: { message: refusal, errors: [] } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Desert Motors Trading LLC' }));
    await pickOption(user, 'Change status of selected members', 'Approved');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('deletes the selected members after confirmation', async () => {
    const { fetch, user } = setup({ 'DELETE /api/members/delete': { body: { message: '2 members deleted.', ...counts } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Noura Al Mansoori' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Desert Motors Trading LLC' }));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    await user.click(within(await findDialog('Delete members')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 members deleted.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/members/delete').body).toEqual({ memberIds: ['m1', 'm2'] });
  });

  it('asks for the inActive list without a status and offers Activate', async () => {
    const { fetch, user } = setup({ 'POST /api/members/get': { body: listOf([memberFixture('m3', { status: 'inActive' })]) } }, EVERYTHING, 'inactive');
    await screen.findByRole('link', { name: 'Noura Al Mansoori' });
    expect(lastCall(fetch, '/api/members/get').body).not.toHaveProperty('status');
    expect(screen.queryByRole('button', { name: /Add member/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Change status of Noura Al Mansoori' }));
    expect(await screen.findByRole('option', { name: 'Activate' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Rejected' })).not.toBeInTheDocument();
  });

  it('validates the add member dialog at the fields, asking an organization for its company', async () => {
    const { fetch, user } = setup();
    await user.click(await screen.findByRole('button', { name: /Add member/ }));
    const dialog = await findDialog('Add member');
    await user.click(within(dialog).getByText('Organization'));
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(dialog).findByText('Enter the company name of an organization.')).toBeInTheDocument();
    for (const message of ['Enter the email address.', 'Enter the phone number.', 'Enter the document number.', "Enter the document's expiry date."]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Trade licence number')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/members/create')).toBe(false);
  });

  it('asks for the bank details of payouts and refunds, checking the IBAN shape', async () => {
    const { fetch, user } = setup();
    await user.click(await screen.findByRole('button', { name: /Add member/ }));
    const dialog = await findDialog('Add member');
    const iban = await within(dialog).findByLabelText('IBAN');
    expect(within(dialog).getByLabelText('Account name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bank')).toBeInTheDocument();
    await user.type(iban, 'AE07 0331 !');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(dialog).findByText(/An IBAN has a country code, two check digits and the account number/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/members/create')).toBe(false);
  });

  it('hides what a view-only role may not do', async () => {
    setup({}, { Members: ['view'] });
    expect(await screen.findByRole('link', { name: 'Noura Al Mansoori' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add member/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select Noura/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Change status of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it("toasts the fallback when the list can't be loaded", async () => {
    setup({ 'POST /api/members/get': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch members')).toBeInTheDocument();
  });
});
