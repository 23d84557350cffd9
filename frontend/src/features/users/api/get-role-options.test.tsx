import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { UserRoleFields } from '@/features/users/components/user-role-fields';
import { UsersToolbar, type UserFilter } from '@/features/users/components/users-toolbar';
import { mockFetch } from '@/test/fetch-mock';
import { meWith, permissionsFor } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';
import { useListParams } from '@/lib/use-list-params';

/** GET /api/lookups/roles answers every role's name, switch and privileges, by name. */
const roles = [
  { _id: 'role-fin', name: 'Finance', isActive: true, permissions: permissionsFor({ Payments: ['view', 'edit'] }) },
  { _id: 'role-night', name: 'Night shift', isActive: false, permissions: permissionsFor({ Vehicles: ['view'] }) },
];

/** A role that may add staff users but not view roles: role/get would answer it 403. */
function mockApi() {
  return mockFetch({
    'GET /api/auth/me': { body: meWith({ Users: ['add', 'view'] }) },
    'GET /api/lookups/roles': { body: roles },
    'POST /api/role/get': { status: 403, body: { message: 'You do not have permission to view Roles.', errors: [] } },
  });
}

const FILTERS: readonly UserFilter[] = ['status', 'role'];

function Toolbar() {
  return <UsersToolbar list={useListParams(FILTERS)} />;
}

describe('role options (GET /api/lookups/roles)', () => {
  it('let a role with Users add but not Roles view pick a role and see what it allows', async () => {
    const fetch = mockApi();
    renderWithProviders(
      <Form>
        <UserRoleFields />
      </Form>,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/lookups/roles', expect.objectContaining({ method: 'GET' })));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'Night shift (inactive)' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Finance' }));
    const grid = await screen.findByRole('table', { name: 'What Finance allows' });
    expect(within(grid).getByRole('row', { name: /Payments/ })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/role/get')).toBe(false);
  });

  it('fill the role filter of the users list', async () => {
    mockApi();
    const { router } = renderWithProviders(<Toolbar />, { path: '/user-management' });
    await pickOption(userEvent.setup(), 'Filter by role', 'Finance');
    await waitFor(() => expect(router.state.location.search).toBe('?role=role-fin'));
  });
});
