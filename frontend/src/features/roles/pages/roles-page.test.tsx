import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RolesPage } from '@/features/roles/pages/roles-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith, permissionsFor } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

// The grid is some 60 checkboxes, each with its tooltip: queries by role over it take seconds in jsdom.
vi.setConfig({ testTimeout: 60_000 });

const role = (id: string, name: string, isActive: boolean, assignedUsers: number) => ({
  _id: id,
  name,
  isActive,
  assignedUsers,
  permissions: permissionsFor({ Members: ['view'] }),
  createdAt: '2026-01-02T09:00:00Z',
  updatedAt: '2026-01-02T09:00:00Z',
});
const roles = {
  roles: [role('r1', 'Operations', true, 3), role('r2', 'Viewer', false, 0)],
  totalRoles: 2,
  totalActive: 1,
  totalInactive: 1,
  totalPages: 1,
  currentPage: 1,
};

function setup(api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(grants) }, 'POST /api/role/get': { body: roles }, ...api });
  renderWithProviders(<RolesPage />, { path: '/roles' });
  return { fetch, user: userEvent.setup() };
}

const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url)).body;

describe('/roles', () => {
  it('lists roles with assigned users, filters by active, and switches a role off', async () => {
    const { fetch, user } = setup({ 'PUT /api/role/toggle-active-role/r1': { body: { ...role('r1', 'Operations', false, 3) } } });
    const row = await screen.findByRole('row', { name: /Operations/ });
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument();
    await pickOption(user, 'Filter by status', 'Inactive');
    await waitFor(() => expect(lastBody(fetch, '/api/role/get')).toMatchObject({ isActive: false, pageNo: 1 }));

    await user.click(within(row).getByRole('switch', { name: 'Operations active' }));
    expect(await screen.findByText('Operations is now inactive')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/role/toggle-active-role/r1')).toEqual({ isActive: false });
  });

  it('creates a role from the privilege matrix', async () => {
    const { fetch, user } = setup({ 'POST /api/role/create': { status: 201, body: role('r3', 'Yard staff', true, 0) } });
    await user.click(await screen.findByRole('button', { name: /Add role/ }));
    const dialog = await findDialog('Add role');
    await fill(user, within(dialog).getByLabelText('Role name'), 'Yard staff');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All privileges for Vehicles' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'View for all modules' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Role added')).toBeInTheDocument();

    const body = lastBody(fetch, '/api/role/create') as { name: string; isActive: boolean; permissions: { module: string }[] };
    expect(body).toMatchObject({ name: 'Yard staff', isActive: true });
    expect(body.permissions).toHaveLength(12); // every module, Reports, Audit log and Sessions among them
    expect(body.permissions.find((entry) => entry.module === 'Vehicles')).toEqual({
      module: 'Vehicles',
      add: true,
      view: true,
      edit: true,
      delete: true,
      updateStatus: true,
    });
    expect(body.permissions.find((entry) => entry.module === 'Payments')).toMatchObject({ view: true, edit: false });
  });

  it('shows the server refusal when deleting a role that users hold', async () => {
    const { fetch, user } = setup({
      'DELETE /api/role/delete': { status: 409, body: { message: 'Operations is held by 3 users and cannot be deleted.', errors: [] } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Operations' }));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    await user.click(within(await findDialog('Delete roles')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Operations is held by 3 users and cannot be deleted.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/role/delete')).toEqual({ roleIds: ['r1'] });
  });

  it('shows a badge instead of the switch and no add button for a view-only role', async () => {
    setup({}, { Roles: ['view'] });
    const row = await screen.findByRole('row', { name: /Viewer/ });
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add role/ })).not.toBeInTheDocument();
  });
});
