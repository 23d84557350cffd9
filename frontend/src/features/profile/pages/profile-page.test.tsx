import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { meWith } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

function setup(api: MockRoutes) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith({}) }, ...api });
  renderWithProviders(<ProfilePage />, { path: '/profile' });
  return { fetch, user: userEvent.setup() };
}

async function submitPasswords(user: UserEvent, current: string, next: string, confirm: string) {
  await fill(user, await screen.findByLabelText('Current password'), current);
  await fill(user, screen.getByLabelText('New password'), next);
  await fill(user, screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('profile: change password', () => {
  it('changes the password and toasts the answer', async () => {
    const { fetch, user } = setup({ 'PUT /api/auth/change-password': { body: { message: 'Your password has been changed. 1 other session ended.' } } });
    await submitPasswords(user, 'Old-Pass-2025', 'New-Pass-2026!', 'New-Pass-2026!');
    expect(await screen.findByText('Your password has been changed. 1 other session ended.')).toBeInTheDocument();
    const call = fetch.mock.calls.findIndex(([url]) => url === '/api/auth/change-password');
    expect(sentRequest(fetch, call).body).toEqual({ currentPassword: 'Old-Pass-2025', password: 'New-Pass-2026!', confirmPassword: 'New-Pass-2026!' });
  });

  it('checks the confirmation here and shows the server field error at the field', async () => {
    const { fetch, user } = setup({
      'PUT /api/auth/change-password': {
        status: 422,
        body: { message: 'The current password is not right.', errors: [{ field: 'currentPassword', message: 'The current password is not right.' }] },
      },
    });
    await submitPasswords(user, 'Wrong-Pass', 'New-Pass-2026!', 'Other-Pass-2026!');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/change-password')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, screen.getByLabelText('Confirm new password'), 'New-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const field = screen.getByLabelText('Current password');
    await waitFor(() => expect(field).toHaveAccessibleDescription('The current password is not right.'));
    expect(field).toBeInvalid();
  });
});
