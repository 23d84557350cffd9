import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

async function fillIn(password = 'New-Secret-2026', confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset password page', () => {
  it('says the token is missing without one', () => {
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication token is missing. Please try again.');
  });

  it('refuses mismatched passwords before calling the server', async () => {
    window.sessionStorage.setItem('resetToken', 'reset-1');
    const fetch = mockFetch({});
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fillIn('New-Secret-2026', 'Other-Secret-2026');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the reset token as bearer, then goes to /login with a toast', async () => {
    window.sessionStorage.setItem('resetToken', 'reset-1');
    const fetch = mockFetch({ 'POST /api/reset-password': { body: { message: 'Password updated' } } });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fillIn();
    expect(await screen.findByText('path: /login')).toBeInTheDocument();
    expect(await screen.findByText('Your password has been reset. Please sign in.')).toBeInTheDocument();
    expect(sentRequest(fetch, 0).headers.Authorization).toBe('Bearer reset-1');
    expect(sentRequest(fetch, 0).body).toEqual({ password: 'New-Secret-2026', confirmPassword: 'New-Secret-2026' });
    expect(window.sessionStorage.getItem('resetToken')).toBeNull();
  });

  it("shows 'Failed to reset password' when the server gives no message", async () => {
    window.sessionStorage.setItem('resetToken', 'reset-1');
    mockFetch({ 'POST /api/reset-password': { status: 500 } });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });

  it('drops a reset token the server calls invalid', async () => {
    window.sessionStorage.setItem('resetToken', 'reset-1');
    mockFetch({ 'POST /api/reset-password': { status: 401, body: { message: 'The reset token is invalid or has expired.' } } });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset token is invalid or has expired.');
    expect(window.sessionStorage.getItem('resetToken')).toBeNull();
  });
});
