import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { StatusDropdown, type StatusOption } from '@/components/status-dropdown';
import { findDialog, queryDialog } from '@/test/dialog';
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

  describe('confirmations', () => {
    const review: StatusOption[] = [
      { value: 'approved', label: 'Approved' },
      { value: 'rejected', label: 'Rejected', confirm: { title: (subject) => `Reject ${subject}?`, confirmText: 'Reject', reason: 'required' } },
      { value: 'inActive', label: 'Mark inactive', confirm: { title: (subject) => `Mark ${subject} as inactive?`, confirmText: 'Mark inactive' } },
    ];
    const setup = (onChange: (change: unknown) => unknown) => {
      const spy = vi.fn(onChange);
      renderWithProviders(<StatusDropdown id="m1" column="status" options={review} subject="Majid Seller1" onChange={spy} errorText="Failed to update member" aria-label="Change status of Majid Seller1" />);
      return { onChange: spy, user: userEvent.setup() };
    };
    const pick = async (user: ReturnType<typeof userEvent.setup>, option: string) => {
      await user.click(screen.getByRole('combobox', { name: 'Change status of Majid Seller1' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };

    it('approves in one click', async () => {
      const { onChange, user } = setup(() => Promise.resolve());
      await pick(user, 'Approved');
      expect(onChange).toHaveBeenCalledWith({ id: 'm1', column: 'status', value: 'approved', previous: undefined });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('asks for the reason to reject, naming the member, and sends it', async () => {
      const { onChange, user } = setup(() => Promise.resolve());
      await pick(user, 'Rejected');
      const dialog = await findDialog('Reject Majid Seller1?');
      expect(onChange).not.toHaveBeenCalled();
      // The box does not pretend the change happened while it waits for the answer.
      expect(screen.getByRole('combobox', { name: 'Change status of Majid Seller1' }).closest('.ant-select')).not.toHaveTextContent('Rejected');

      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
      expect(onChange).not.toHaveBeenCalled();

      await user.type(within(dialog).getByLabelText('Reason'), '  Trade licence expired ');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(queryDialog('Reject Majid Seller1?')).toBeUndefined());
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ id: 'm1', column: 'status', value: 'rejected', previous: undefined, reason: 'Trade licence expired' });
    });

    it("shows the server's 422 at the reason field and keeps what was typed", async () => {
      const refusal = new ApiError(422, { message: 'Give a reason for rejecting the member.', errors: [{ field: 'reason', message: 'Give a reason for rejecting the member.' }] });
      const { onChange, user } = setup(() => Promise.reject(refusal));
      await pick(user, 'Rejected');
      const dialog = await findDialog('Reject Majid Seller1?');
      await user.type(within(dialog).getByLabelText('Reason'), 'Too old');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Give a reason for rejecting the member.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('Too old');
      expect(onChange).toHaveBeenCalledTimes(1);
    });

    it('closes and toasts any other refusal; Cancel changes nothing', async () => {
      const { onChange, user } = setup(() => Promise.reject(new ApiError(409, { message: 'Majid Seller1 is Approved.', errors: [] })));
      await pick(user, 'Mark inactive');
      let dialog = await findDialog('Mark Majid Seller1 as inactive?');
      expect(within(dialog).queryByLabelText('Reason')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(queryDialog('Mark Majid Seller1 as inactive?')).toBeUndefined());
      expect(onChange).not.toHaveBeenCalled();

      await pick(user, 'Mark inactive');
      dialog = await findDialog('Mark Majid Seller1 as inactive?');
      await user.click(within(dialog).getByRole('button', { name: 'Mark inactive' }));
      expect(await screen.findByText('Majid Seller1 is Approved.')).toBeInTheDocument();
      await waitFor(() => expect(queryDialog('Mark Majid Seller1 as inactive?')).toBeUndefined());
      expect(onChange).toHaveBeenCalledTimes(1);
    });
  });
});
