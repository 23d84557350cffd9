import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '@/app/shell/user-menu';
import { getToken, saveToken } from '@/lib/token-storage';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const me = {
  user: { _id: 'u1', fullName: 'Amira Haddad', email: 'admin@example.com' },
  session: { deviceName: 'PC', operatingSystem: 'Linux', browserName: 'Chrome', ipAddress: '127.0.0.1' },
};

async function openLogoutDialog() {
  const typist = userEvent.setup();
  await typist.click(screen.getByRole('button', { name: 'User menu' }));
  await typist.click(await screen.findByRole('menuitem', { name: /Logout/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Logout Confirmation!' });
  expect(within(dialog).getByText('Are you sure you want to logout?')).toBeInTheDocument();
  return { typist, dialog };
}

describe('user menu logout', () => {
  it('offers Profile and Logout', async () => {
    mockFetch({ 'GET /api/auth/me': { body: me } });
    renderWithProviders(<UserMenu />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: /Profile/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Logout/ })).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    saveToken('tok', true);
    const fetch = mockFetch({ 'GET /api/auth/me': { body: me } });
    renderWithProviders(<UserMenu />, { path: '/dashboard' });
    const { typist, dialog } = await openLogoutDialog();
    await typist.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToken()).toBe('tok');
    expect(fetch.mock.calls.every(([url]) => url !== '/api/auth/logout')).toBe(true);
  });

  it('logs out on Confirm: ends the server session, clears the token, goes to /login', async () => {
    saveToken('tok', true);
    const fetch = mockFetch({ 'GET /api/auth/me': { body: me }, 'POST /api/auth/logout': { body: { message: 'Signed out' } } });
    renderWithProviders(<UserMenu />, { path: '/dashboard' });
    const { typist, dialog } = await openLogoutDialog();
    await typist.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('path: /login')).toBeInTheDocument();
    const logoutCall = fetch.mock.calls.findIndex(([url]) => url === '/api/auth/logout');
    expect(sentRequest(fetch, logoutCall).headers.Authorization).toBe('Bearer tok');
    expect(getToken()).toBeNull();
  });

  it('still logs out locally when the server call fails, logging the error', async () => {
    saveToken('tok', false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/auth/me': { body: me }, 'POST /api/auth/logout': { status: 500 } });
    renderWithProviders(<UserMenu />, { path: '/dashboard' });
    const { typist, dialog } = await openLogoutDialog();
    await typist.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('path: /login')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Logout failed');
    expect(getToken()).toBeNull();
  });
});
