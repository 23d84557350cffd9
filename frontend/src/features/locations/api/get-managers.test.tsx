import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ManagerSelect } from '@/features/locations/components/manager-select';
import { mockFetch } from '@/test/fetch-mock';
import { meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** GET /api/lookups/staff answers the Active staff users' names and emails, by name. */
const staff = [
  { _id: 'u1', fullName: 'Fatima Al Mansoori', email: 'fatima@example.com' },
  { _id: 'u2', fullName: 'Omar Al Suwaidi', email: 'omar@example.com' },
];

describe('manager picker (GET /api/lookups/staff)', () => {
  it('offers the active staff to a role with Settings privileges but none of Users', async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': { body: meWith({ Settings: ['view', 'edit'] }) },
      'GET /api/lookups/staff': { body: staff },
      'POST /api/users/get': { status: 403, body: { message: 'You do not have permission to view Users.', errors: [] } },
    });
    const onChange = vi.fn();
    renderWithProviders(
      <Form>
        <Form.Item label="General manager" name="manager">
          <ManagerSelect onChange={onChange} />
        </Form.Item>
      </Form>,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/lookups/staff', expect.objectContaining({ method: 'GET' })));
    await user.click(screen.getByRole('combobox', { name: 'General manager' }));
    expect(await screen.findByRole('option', { name: 'Fatima Al Mansoori' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Omar Al Suwaidi' }));
    expect(onChange).toHaveBeenCalledWith('u2');
    expect(fetch.mock.calls.some(([url]) => url === '/api/users/get')).toBe(false);
  });
});
