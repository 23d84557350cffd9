import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Member } from '@/features/members/api/get-members';
import { MemberDetailPage } from '@/features/members/pages/member-detail-page';
import { counts, memberFixture } from '@/features/members/test/member-fixtures';
import { findDialog, queryDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const majid = (fields: Partial<Member> = {}) => memberFixture('m1', { firstName: 'Majid', lastName: 'Seller1', memberTypes: ['seller'], sellerType: 'dealer', ...fields });
const noVehicles = { memberId: 'm1', pending: 0, approved: 0, rejected: 0, sold: 0, cancelled: 0, total: 0 };

/** The member page of Majid Seller1; `member` answers GET /api/members/m1 (a function: per call). */
function setup(member: () => Member, api: MockRoutes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'GET /api/members/m1': () => ({ body: member() }),
    'GET /api/lookups/plans': { body: [] },
    'GET /api/vehicles/seller-counts/m1': { body: noVehicles },
    ...api,
  });
  const rendered = renderWithProviders(<MemberDetailPage />, { path: '/members/:memberId', route: '/members/m1' });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const statusCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.flatMap(([url], index) => (url === '/api/members/update-status' ? [sentRequest(fetch, index).body] : []));

describe('member status on the member page', () => {
  it('rejects only after a reason is given in a dialog naming the member, and then shows the reason', async () => {
    let current = majid();
    const { fetch, user } = setup(() => current, {
      'PUT /api/members/update-status': (init) => {
        const body = JSON.parse(String(init?.body)) as { reason?: string };
        if (!body.reason) return { status: 422, body: { message: 'Give a reason for rejecting the member.', errors: [{ field: 'reason', message: 'Give a reason for rejecting the member.' }] } };
        current = majid({ status: 'rejected', statusReason: body.reason, statusChangedAt: '2026-11-23T08:00:00Z' });
        return { body: { message: '1 member set to Rejected.', ...counts } };
      },
    });
    await screen.findByRole('combobox', { name: 'Change status of Majid Seller1' });

    await pickOption(user, 'Change status of Majid Seller1', 'Rejected');
    const dialog = await findDialog('Reject Majid Seller1?');
    expect(statusCalls(fetch)).toEqual([]);
    await fill(user, within(dialog).getByLabelText('Reason'), 'Trade licence expired');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('1 member set to Rejected.')).toBeInTheDocument();
    expect(statusCalls(fetch)).toEqual([{ ids: ['m1'], status: 'rejected', reason: 'Trade licence expired' }]);
    expect(await screen.findByText('Rejected on 23/11/2026: Trade licence expired')).toBeInTheDocument();
    await waitFor(() => expect(queryDialog('Reject Majid Seller1?')).toBeUndefined());
  });

  it('approves in one click', async () => {
    const { fetch, user } = setup(() => majid(), { 'PUT /api/members/update-status': { body: { message: '1 member set to Approved.', ...counts } } });
    await screen.findByRole('combobox', { name: 'Change status of Majid Seller1' });
    await pickOption(user, 'Change status of Majid Seller1', 'Approved');
    expect(await screen.findByText('1 member set to Approved.')).toBeInTheDocument();
    expect(statusCalls(fetch)).toEqual([{ ids: ['m1'], status: 'approved' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("deactivating asks for a reason too; marking inactive is confirmed and the reason is optional", async () => {
    const { fetch, user } = setup(() => majid({ status: 'approved' }), { 'PUT /api/members/update-status': { body: { message: '1 member set to Inactive.', ...counts } } });
    await screen.findByRole('combobox', { name: 'Change status of Majid Seller1' });
    await pickOption(user, 'Change status of Majid Seller1', 'Deactivate');
    let dialog = await findDialog('Deactivate Majid Seller1?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(queryDialog('Deactivate Majid Seller1?')).toBeUndefined());

    await pickOption(user, 'Change status of Majid Seller1', 'Mark inactive');
    dialog = await findDialog('Mark Majid Seller1 as inactive?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark inactive' }));
    expect(await screen.findByText('1 member set to Inactive.')).toBeInTheDocument();
    expect(statusCalls(fetch)).toEqual([{ ids: ['m1'], status: 'inActive' }]);
  });
});

describe('Member Information with unsaved edits', () => {
  it('asks before the page is left; Keep editing keeps the edits, Discard leaves', async () => {
    const { router, user } = setup(() => majid());
    const form = await screen.findByRole('form', { name: 'Member Information' });
    const address = within(form).getByLabelText('Address');
    await fill(user, address, 'Villa 12, Al Barsha');

    await act(() => router.navigate('/review-members'));
    await user.click(within(await findDialog('Discard changes?')).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/members/m1');
    expect(address).toHaveValue('Villa 12, Al Barsha');

    await act(() => router.navigate('/review-members'));
    await user.click(within(await findDialog('Discard changes?')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('path: /review-members')).toBeInTheDocument();
  });

  it('leaves at once without edits, and after the edits are saved', async () => {
    const { router, user } = setup(() => majid(), { 'PUT /api/members/update-member/m1': { body: majid() } });
    const form = await screen.findByRole('form', { name: 'Member Information' });
    await fill(user, within(form).getByLabelText('Address'), 'Villa 12, Al Barsha');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();

    await act(() => router.navigate('/review-members'));
    expect(await screen.findByText('path: /review-members')).toBeInTheDocument();
    expect(queryDialog('Discard changes?')).toBeUndefined();
  });
});
