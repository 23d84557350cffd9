import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusDropdown } from '@/components/status-dropdown';
import { renderWithProviders } from '@/test/render';

const options = [
  { value: 'Active', label: 'Active' },
  { value: 'Suspended', label: 'Suspended' },
  { value: 'inActive', label: 'Inactive' },
];

describe('StatusDropdown', () => {
  it('never offers the current status and reports id, column, new and old value', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<StatusDropdown id="u1" column="userAccountStatus" value="Active" options={options} onChange={onChange} aria-label="Status" />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Suspended', 'Inactive']);

    await user.click(within(listbox).getByRole('option', { name: 'Suspended' }));
    expect(onChange).toHaveBeenCalledWith({ id: 'u1', column: 'userAccountStatus', value: 'Suspended', previous: 'Active' });
  });

  it('offers Approved and Rejected by default and is 140 px wide', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatusDropdown id="v1" column="status" value="approved" onChange={vi.fn()} aria-label="Vehicle status" />);
    const box = screen.getByRole('combobox', { name: 'Vehicle status' });
    expect(box.closest('.ant-select')).toHaveStyle({ width: '140px' });
    await user.click(box);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Rejected']);
  });

  it('can be disabled', () => {
    renderWithProviders(<StatusDropdown id="v1" column="status" value="approved" onChange={vi.fn()} aria-label="Vehicle status" disabled />);
    expect(screen.getByRole('combobox', { name: 'Vehicle status' })).toBeDisabled();
  });
});
