import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PrivilegeGrid } from '@/components/privilege-grid';
import { emptyPermissions, type Permission } from '@/lib/permissions';
import { renderWithProviders } from '@/test/render';
import { permissionsFor } from '@/test/me';

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
