import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TotalsSection } from '@/features/dashboard/components/totals-section';
import type { DashboardTotals } from '@/features/dashboard/lib/totals-figures';
import { renderWithProviders } from '@/test/render';

const vehicles = {
  pending: 40,
  received: 30,
  inInspection: 45,
  inspectionCompleted: 35,
  reviewTotal: 150,
  approved: 60,
  assigned: 25,
  unassigned: 35,
  sold: 20,
  paid: 12,
  unpaid: 8,
  released: 5,
  unreleased: 15,
  rejected: 7,
  cancelled: 9,
  returned: 4,
  unreturned: 5,
};
const members = {
  totalMembers: 100,
  totalSellers: 45,
  totalBuyers: 70,
  totalIndividuals: 80,
  totalOrginization: 20,
  totalPending: 11,
  totalApproved: 70,
  totalRejected: 6,
  totalInActive: 8,
  totalDeactivated: 5,
};
const everything: DashboardTotals = {
  vehicles,
  members,
  roles: { totalRoles: 6, totalActive: 5, totalInactive: 1, totalAssigned: 4, totalUnassigned: 2 },
  users: { totalUsers: 14, activeUsers: 12, inactiveUsers: 2 },
};
const nothing: DashboardTotals = { vehicles: null, members: null, roles: null, users: null };

function show(totals: DashboardTotals) {
  return renderWithProviders(<TotalsSection totals={totals} />, { path: '/dashboard' });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('dashboard totals', () => {
  it('shows every count of the vehicle lists, each opening its list already filtered', async () => {
    const { router } = show(everything);
    const review = region('Vehicles: Under review');
    expect(within(review).getByRole('link', { name: 'Review total: 150' })).toHaveAttribute('href', '/un-approved-vehicles');
    expect(review).toHaveTextContent("Every vehicle on the Review list, inspection completed included: the top bar's badge shows the same number.");
    const stages = [['Pending: 40', 'pending'], ['Received: 30', 'received'], ['In inspection: 45', 'inInspection'], ['Inspection completed: 35', 'inspectionCompleted']];
    for (const [name, stage] of stages) expect(within(review).getByRole('link', { name })).toHaveAttribute('href', `/un-approved-vehicles?stage=${stage}`);
    const links: [string, string][] = [
      ['Approved: 60', '/approved-vehicles'],
      ['Assigned: 25', '/approved-vehicles?assigned=true'],
      ['Unassigned: 35', '/approved-vehicles?assigned=false'],
      ['Sold: 20', '/sold-vehicles'],
      ['Paid: 12', '/sold-vehicles?paid=true'],
      ['Unpaid: 8', '/sold-vehicles?paid=false'],
      ['Released: 5', '/sold-vehicles?released=true'],
      ['Unreleased: 15', '/sold-vehicles?released=false'],
      ['Rejected: 7', '/rejected-vehicles'],
      ['Cancelled: 9', '/canceled-vehicles'],
      ['Returned: 4', '/canceled-vehicles?returned=true'],
      ['Unreturned: 5', '/canceled-vehicles?returned=false'],
    ];
    for (const [name, href] of links) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Unpaid: 8' }));
    expect(router.state.location.pathname).toBe('/sold-vehicles');
    expect(router.state.location.search).toBe('?paid=false');
  });

  it('shows members by status, entity and type; the status figures open their lists', () => {
    show(everything);
    const status = region('Members: By status');
    expect(status).toHaveTextContent('Total members100');
    expect(within(status).getByRole('link', { name: 'Pending: 11' })).toHaveAttribute('href', '/review-members');
    expect(within(status).getByRole('link', { name: 'Approved: 70' })).toHaveAttribute('href', '/active-members');
    expect(within(status).getByRole('link', { name: 'Rejected: 6' })).toHaveAttribute('href', '/rejected-members');
    expect(within(status).getByRole('link', { name: 'Inactive: 8' })).toHaveAttribute('href', '/inactive-members');
    expect(within(status).getByRole('link', { name: 'Deactivated: 5' })).toHaveAttribute('href', '/deactivated-members');
    const entity = region('Members: By entity');
    expect(entity).toHaveTextContent('Individuals80');
    expect(entity).toHaveTextContent('Organizations20');
    const type = region('Members: By type');
    expect(type).toHaveTextContent('Sellers45');
    expect(type).toHaveTextContent('Buyers70');
    expect(type).toHaveTextContent('A member who both sells and buys counts as a seller and as a buyer.');
    // Entity and type span every status: no list holds exactly those members.
    expect(within(entity).queryAllByRole('link')).toHaveLength(0);
    expect(within(type).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows roles and staff users, active and inactive', () => {
    show(everything);
    const roles = region('Roles');
    expect(within(roles).getByRole('link', { name: 'Roles: 6' })).toHaveAttribute('href', '/roles');
    expect(within(roles).getByRole('link', { name: 'Active: 5' })).toHaveAttribute('href', '/roles?active=true');
    expect(within(roles).getByRole('link', { name: 'Inactive: 1' })).toHaveAttribute('href', '/roles?active=false');
    expect(roles).toHaveTextContent('Held by staff4');
    expect(roles).toHaveTextContent('Held by nobody2');
    const users = region('Staff users');
    expect(within(users).getByRole('link', { name: 'Staff users: 14' })).toHaveAttribute('href', '/user-management');
    expect(within(users).getByRole('link', { name: 'Active: 12' })).toHaveAttribute('href', '/user-management?status=Active');
    expect(users).toHaveTextContent('Suspended or inactive2');
  });

  it('leaves out the modules the role may not view, and the whole section when it may view none', () => {
    const { unmount } = show({ ...nothing, members });
    expect(screen.getByRole('heading', { name: 'Totals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    for (const name of ['Vehicles', 'Roles', 'Staff users']) expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument();
    expect(screen.queryByText('Review total')).not.toBeInTheDocument();
    unmount();

    show(nothing);
    expect(screen.queryByRole('heading', { name: 'Totals' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
