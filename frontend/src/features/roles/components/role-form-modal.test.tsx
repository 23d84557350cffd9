import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RolesPage } from '@/features/roles/pages/roles-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { EVERYTHING, meWith, permissionsFor } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const role = (requireTwoStep: boolean) => ({
  _id: 'r1',
  name: 'Cashiers',
  isActive: true,
  requireTwoStep,
  assignedUsers: 2,
  permissions: permissionsFor({ Payments: ['view'] }),
  createdAt: '2026-01-02T09:00:00Z',
  updatedAt: '2026-01-02T09:00:00Z',
});

describe('role form: require two-step sign-in', () => {
  it('shows the setting and sends it with the edit', async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'POST /api/role/get': { body: { roles: [role(false)], totalRoles: 1, totalActive: 1, totalInactive: 0, totalPages: 1, currentPage: 1 } },
      'PUT /api/role/update/r1': { body: role(true) },
    });
    renderWithProviders(<RolesPage />, { path: '/roles' });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Cashiers/ });
    await user.click(within(row).getByRole('button', { name: 'Edit Cashiers' }));
    const dialog = await findDialog('Edit role');
    const toggle = within(dialog).getByRole('switch', { name: 'Require two-step sign-in' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    const call = fetch.mock.calls.findIndex(([url]) => url === '/api/role/update/r1');
    expect(sentRequest(fetch, call).body).toMatchObject({ name: 'Cashiers', requireTwoStep: true });
  });
});
