import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UsersPage } from '@/features/users/pages/users-page';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith, permissionsFor } from '@/test/me';
import { findDialog, queryDialog } from '@/test/dialog';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const finance = { _id: 'role-fin', name: 'Finance', isActive: true, permissions: permissionsFor({ Payments: ['view', 'edit'] }) };
/** GET /api/lookups/roles: the role options of the filter and the form. */
const roles = [finance];
const staff = (id: string, fullName: string, status = 'Active') => ({
  _id: id,
  fullName,
  email: `${id}@example.com`,
  phone: '+971501234567',
  userAccountStatus: status,
  isActive: status === 'Active',
  mustChangePassword: false,
  rolePermission: 'role-fin',
  rolePermissionData: finance,
  createdAt: '2026-01-05T10:00:00Z',
});
const users = {
  users: [staff('u1', 'Noura Al Mansoori'), staff('u2', 'Omar Haddad', 'Suspended')],
  totalUsers: 2,
  activeUsers: 1,
  inactiveUsers: 1,
  totalPages: 1,
  currentPage: 1,
};
const counts = { totalUsers: 2, activeUsers: 1, inactiveUsers: 1 };

function setup(api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/users/get': { body: users },
    'GET /api/lookups/roles': { body: roles },
    ...api,
  });
  renderWithProviders(<UsersPage />, { path: '/user-management' });
  return { fetch, user: userEvent.setup() };
}

const lastCall = (fetch: ReturnType<typeof mockFetch>, url: string) => {
  const index = fetch.mock.calls.map(([called]) => called).lastIndexOf(url);
  return sentRequest(fetch, index);
};

describe('/user-management', () => {
  it('shows the counts and the users, and sends search and filters to the server', async () => {
    const { fetch, user } = setup();
    expect(await screen.findByRole('cell', { name: 'Noura Al Mansoori' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('button', { name: /Total users/ })).toHaveTextContent('2');
    expect(screen.getByRole('row', { name: /Omar Haddad/ })).toHaveTextContent('Suspended');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'noura{Enter}');
    await waitFor(() => expect(lastCall(fetch, '/api/users/get').body).toMatchObject({ search: 'noura', pageNo: 1 }));
    await pickOption(user, 'Filter by status', 'Suspended');
    await waitFor(() => expect(lastCall(fetch, '/api/users/get').body).toMatchObject({ search: 'noura', userAccountStatus: 'Suspended' }));
  });

  it('adds a user in two tabs and shows a server field error at its field', async () => {
    let attempts = 0;
    const { fetch, user } = setup({
      'POST /api/users/create': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: { message: 'This email is already in use.', errors: [{ field: 'email', message: 'This email is already in use.' }] } }
          : { status: 201, body: { user: staff('u3', 'Fatima Khan'), ...counts } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Add user/ }));
    const dialog = await findDialog('Add user');
    await fill(user, within(dialog).getByLabelText('Full name'), 'Fatima Khan');
    await fill(user, within(dialog).getByLabelText('Email'), 'noura@example.com');
    await fill(user, within(dialog).getByLabelText('Phone'), '050 123 4567');
    await fill(user, within(dialog).getByLabelText('Initial password'), 'Strong-Pass-2026');
    await user.click(within(dialog).getByRole('tab', { name: 'Roles & Permissions' }));
    await pickOption(user, 'Role', 'Finance');
    expect(within(dialog).getByRole('img', { name: 'Payments: Edit allowed' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Users: View not allowed' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByText('This email is already in use.')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'User Information' })).toHaveAttribute('aria-selected', 'true');
    expect(lastCall(fetch, '/api/users/create').body).toMatchObject({
      fullName: 'Fatima Khan',
      email: 'noura@example.com',
      phone: '050 123 4567',
      password: 'Strong-Pass-2026',
      rolePermission: 'role-fin',
      userAccountStatus: 'Active',
    });

    await user.clear(within(dialog).getByLabelText('Email'));
    await fill(user, within(dialog).getByLabelText('Email'), 'fatima@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('User added')).toBeInTheDocument();
    await waitFor(() => expect(queryDialog('Add user')).toBeUndefined());
  });

  it('edits a user without email, phone or status', async () => {
    const older = { ...staff('u1', 'Noura Al Mansoori'), dob: '1990-03-15', gender: 'F', passportNumber: 'N1234567', nicNumber: 'X9' };
    const { fetch, user } = setup({ 'POST /api/users/get': { body: { ...users, users: [older] } }, 'PUT /api/users/update-user/u1': { body: older } });
    await user.click(await screen.findByRole('button', { name: 'Edit Noura Al Mansoori' }));
    const dialog = await findDialog('Edit user');
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    // a staff user has none of a member's fields; an older record keeps what it holds
    for (const memberOnly of ['Date of birth', 'Gender', 'Passport number', 'NIC number']) {
      expect(within(dialog).queryByLabelText(memberOnly)).not.toBeInTheDocument();
    }
    await user.clear(within(dialog).getByLabelText('Home city'));
    await fill(user, within(dialog).getByLabelText('Home city'), 'Sharjah');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    const body = lastCall(fetch, '/api/users/update-user/u1').body as Record<string, unknown>;
    expect(body).toMatchObject({ fullName: 'Noura Al Mansoori', homeCity: 'Sharjah', rolePermission: 'role-fin' });
    expect(body).toMatchObject({ dob: '1990-03-15', gender: 'F', passportNumber: 'N1234567', nicNumber: 'X9' });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('userAccountStatus');
  });

  it('changes the status of the selected users and deletes them after confirmation', async () => {
    const { fetch, user } = setup({
      'PUT /api/users/update-account-status': { body: { message: '2 users updated.', ...counts } },
      'DELETE /api/users/delete': { body: { message: '1 user deleted.', ...counts } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Noura Al Mansoori' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Omar Haddad' }));
    await pickOption(user, 'Change status of selected users', 'Inactive');
    const ask = await findDialog('Set 2 users to inactive?');
    expect(fetch.mock.calls.map(([called]) => called)).not.toContain('/api/users/update-account-status');
    await user.click(within(ask).getByRole('button', { name: 'Set inactive' }));
    expect(await screen.findByText('2 users updated.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/users/update-account-status').body).toEqual({ ids: ['u1', 'u2'], userAccountStatus: 'inActive' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Omar Haddad' }));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    const confirm = await findDialog('Delete users');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 user deleted.')).toBeInTheDocument();
    expect(lastCall(fetch, '/api/users/delete').body).toEqual({ userIds: ['u2'] });
  });

  it('resets a password after confirmation and toasts the answer', async () => {
    const { fetch, user } = setup({
      'PUT /api/users/update-user-password/u2': { body: { message: 'A temporary password was emailed to u2@example.com.', ...counts } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset password of Omar Haddad' }));
    const confirm = await findDialog('Reset password');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A temporary password was emailed to u2@example.com.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/users/update-user-password/u2' && init?.method === 'PUT')).toBe(true);
  });

  it("turns off another user's two-step sign-in after confirmation, never one's own", async () => {
    const withTwoStep = {
      ...users,
      users: [{ ...staff('u1', 'Noura Al Mansoori'), twoStepEnabled: true }, { ...staff('me', 'Amira Haddad'), twoStepEnabled: true }, staff('u2', 'Omar Haddad')],
    };
    const { fetch, user } = setup({
      'POST /api/users/get': { body: withTwoStep },
      'PUT /api/users/reset-two-step/u1': { body: { message: 'Two-step sign-in of Noura Al Mansoori is off and 1 session ended.' } },
    });
    const noura = await screen.findByRole('row', { name: /Noura Al Mansoori/ });
    expect(noura).toHaveTextContent('On');
    expect(screen.getByRole('row', { name: /Omar Haddad/ })).toHaveTextContent('Off');
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in of Omar Haddad' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in of Amira Haddad' })).not.toBeInTheDocument();
    await user.click(within(noura).getByRole('button', { name: 'Turn off two-step sign-in of Noura Al Mansoori' }));
    const confirm = await findDialog('Turn off two-step sign-in');
    expect(confirm).toHaveTextContent('Noura Al Mansoori will be signed out');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Two-step sign-in of Noura Al Mansoori is off and 1 session ended.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/users/reset-two-step/u1' && init?.method === 'PUT')).toBe(true);
  });

  it('hides what a view-only role may not do', async () => {
    setup({}, { Users: ['view'] });
    expect(await screen.findByRole('cell', { name: 'Noura Al Mansoori' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add user/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Noura/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select Noura/ })).not.toBeInTheDocument();
  });

  it("toasts the fallback when the list can't be loaded", async () => {
    setup({ 'POST /api/users/get': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });
});
