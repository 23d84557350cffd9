import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PrivilegeGrid } from '@/components/privilege-grid';
import { PrivilegeSummary } from '@/components/privilege-summary';
import { emptyPermissions, type Permission } from '@/lib/permissions';
import { mockFetch } from '@/test/fetch-mock';
import { PRIVILEGE_TABLE } from '@/test/privilege-table';
import { renderWithProviders } from '@/test/render';
import { permissionsFor } from '@/test/me';

// The grid is some 60 checkboxes, each with its tooltip: queries by role over it take seconds in jsdom.
vi.setConfig({ testTimeout: 60_000 });

function Editable() {
  const [value, setValue] = useState<Permission[]>(emptyPermissions());
  return <PrivilegeGrid value={value} onChange={setValue} aria-label="Privileges" />;
}

describe('PrivilegeGrid', () => {
  it('selects a whole row and a whole column with their select-all boxes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editable />);
    await user.click(screen.getByRole('checkbox', { name: 'All privileges for Members' }));
    for (const privilege of ['Add', 'View', 'Edit', 'Delete', 'Update status']) {
      expect(screen.getByRole('checkbox', { name: `Members: ${privilege}` })).toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Vehicles: View' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'View for all modules' }));
    expect(screen.getByRole('checkbox', { name: 'Vehicles: View' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Calendar: View' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vehicles: Edit' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'View for all modules' }));
    expect(screen.getByRole('checkbox', { name: 'Members: View' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All privileges for Members' })).toBePartiallyChecked();
  });

  it('is read-only without onChange: no checkboxes, each cell says allowed or not', () => {
    renderWithProviders(<PrivilegeGrid value={permissionsFor({ Users: ['view', 'edit'] })} aria-label="What Finance allows" />);
    expect(screen.getByRole('table', { name: 'What Finance allows' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Users: Edit allowed' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Users: Delete not allowed' })).toBeInTheDocument();
  });
});

describe('PrivilegeGrid: what each box allows', () => {
  it('says what a box allows in its tooltip, and offers no box that allows nothing', async () => {
    mockFetch({ 'GET /api/role/privileges': { body: PRIVILEGE_TABLE } });
    const user = userEvent.setup();
    renderWithProviders(<Editable />);
    // the table has come: the box that allows nothing is no checkbox any more
    expect(await screen.findByRole('img', { name: 'Payments · Edit: allows nothing in this module' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Payments: Edit' })).not.toBeInTheDocument();
    const voiding = screen.getByRole('checkbox', { name: 'Payments: Delete' });
    await user.hover(voiding.closest('label')!.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Payments · Delete: void invoices');
    expect(screen.getByRole('checkbox', { name: 'Reports: View' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Calendar: Add' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'All privileges for Payments' }));
    expect(screen.getByRole('checkbox', { name: 'All privileges for Payments' })).toBeChecked();
    for (const privilege of ['Add', 'View', 'Delete', 'Update status']) {
      expect(screen.getByRole('checkbox', { name: `Payments: ${privilege}` })).toBeChecked();
    }
  });

  it('reads the same words in the read-only grid', async () => {
    mockFetch({ 'GET /api/role/privileges': { body: PRIVILEGE_TABLE } });
    const user = userEvent.setup();
    renderWithProviders(<PrivilegeGrid value={permissionsFor({ Payments: ['delete'] })} aria-label="What Cashiers allow" />);
    await screen.findByRole('img', { name: 'Payments · Edit: allows nothing in this module' });
    const allowed = screen.getByRole('img', { name: 'Payments: Delete allowed' });
    await user.hover(allowed.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Payments · Delete: void invoices');
  });
});

describe('PrivilegeSummary', () => {
  it('writes what a role allows, a module a line, in the words of the grid', async () => {
    mockFetch({ 'GET /api/role/privileges': { body: PRIVILEGE_TABLE } });
    renderWithProviders(
      <PrivilegeSummary permissions={permissionsFor({ Payments: ['add', 'updateStatus', 'delete', 'edit'], Reports: ['view'] })} aria-label="What Cashiers allow" />,
    );
    const list = await screen.findByRole('list', { name: 'What Cashiers allow' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Payments · Add: record payments and request refunds; Delete: void invoices; Update status: verify and reject payments, complete and cancel payouts, cancel a sale for default',
      'Reports · View: see and download the reports',
    ]);
  });

  it('says so when a role allows nothing', async () => {
    mockFetch({ 'GET /api/role/privileges': { body: PRIVILEGE_TABLE } });
    renderWithProviders(<PrivilegeSummary permissions={permissionsFor({ Payments: ['edit'] })} aria-label="What Nobody allows" />);
    expect(await screen.findByText('This role allows nothing yet.')).toBeInTheDocument();
  });
});
