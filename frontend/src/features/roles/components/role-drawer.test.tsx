import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RolesPage } from '@/features/roles/pages/roles-page';
import { findDialog } from '@/test/dialog';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith, permissionsFor } from '@/test/me';
import { PRIVILEGE_TABLE } from '@/test/privilege-table';
import { renderWithProviders } from '@/test/render';

const cashiers = {
  _id: 'r1',
  name: 'Cashiers',
  isActive: true,
  requireTwoStep: true,
  assignedUsers: 2,
  permissions: permissionsFor({ Payments: ['add', 'view', 'updateStatus', 'delete'], Reports: ['view'] }),
  createdAt: '2026-01-02T09:00:00Z',
  updatedAt: '2026-01-02T09:00:00Z',
};

describe('the role drawer', () => {
  it("opens from the role's name and says what each of its boxes allows, a module a line", async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'POST /api/role/get': { body: { roles: [cashiers], totalRoles: 1, totalActive: 1, totalInactive: 0, totalPages: 1, currentPage: 1 } },
      'GET /api/role/privileges': { body: PRIVILEGE_TABLE },
    });
    renderWithProviders(<RolesPage />, { path: '/roles' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open Cashiers' }));
    const drawer = await findDialog('Cashiers');
    expect(within(drawer).getByText('Required of its users')).toBeInTheDocument();
    const allows = await within(drawer).findByRole('list', { name: 'What Cashiers allows' });
    expect(within(allows).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Payments · Add: record payments and request refunds; View: see invoices, payments and member ledgers; Delete: void invoices; Update status: verify and reject payments, complete and cancel payouts, cancel a sale for default',
      'Reports · View: see and download the reports',
    ]);
  });
});
