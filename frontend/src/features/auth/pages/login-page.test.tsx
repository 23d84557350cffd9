import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/api/client';
import { LoginPage } from '@/features/auth/pages/login-page';
import { getToken, saveToken } from '@/lib/token-storage';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const user = { _id: 'u1', fullName: 'Amira Haddad', email: 'admin@example.com' };
const conflict = {
  status: 409,
  message: 'You are already signed in on another device.',
  data: {
    deviceName: 'MacBook',
    operatingSystem: 'Mac OS X 14',
    browserName: 'Firefox 130',
    ipAddress: '10.1.2.3',
    lastActiveAt: '2025-03-09T22:30:00Z',
  },
};

async function signIn(remember = false) {
  const typist = userEvent.setup();
  await typist.type(screen.getByLabelText('Email'), 'admin@example.com');
  await typist.type(screen.getByLabelText('Password'), 'Gavel-Admin-2026!');
  if (remember) await typist.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await typist.click(screen.getByRole('button', { name: 'Sign in' }));
  return typist;
}

describe('login page', () => {
  it('shows the sign-in form', () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows the server's message on 401", async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password', errors: [] } } });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(getToken()).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    mockFetch({ 'POST /api/auth/login': { status: 502 } });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('keeps a remembered token in localStorage and opens the dashboard', async () => {
    const fetch = mockFetch({ 'POST /api/auth/login': { body: { token: 'tok-1', user } } });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn(true);
    expect(await screen.findByText('path: /dashboard')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    expect(sentRequest(fetch, 0).body).toEqual({ email: 'admin@example.com', password: 'Gavel-Admin-2026!', rememberMe: true });
  });

  it('opens the conflict dialog on 409 and can end the other session', async () => {
    const fetch = mockFetch({
      'POST /api/auth/login': { status: 409, body: conflict },
      'POST /api/auth/logout-session': { body: { token: 'tok-2', user } },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await signIn();

    const dialog = await screen.findByRole('dialog', { name: 'Already signed in elsewhere' });
    for (const [label, value] of [
      ['Device', 'MacBook'],
      ['Operating system', 'Mac OS X 14'],
      ['Browser', 'Firefox 130'],
      ['IP address', '10.1.2.3'],
      ['Last active', '10/03/2025 02:30'],
    ]) {
      expect(within(dialog).getByText(label as string)).toBeInTheDocument();
      expect(within(dialog).getByText(value as string)).toBeInTheDocument();
    }
    await typist.click(within(dialog).getByRole('button', { name: 'End other session and continue' }));

    expect(await screen.findByText('path: /dashboard')).toBeInTheDocument();
    expect(sentRequest(fetch, 1).body).toEqual({ email: 'admin@example.com', password: 'Gavel-Admin-2026!' });
    expect(getToken()).toBe('tok-2');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Session termination failed' when ending the other session fails without a message", async () => {
    mockFetch({
      'POST /api/auth/login': { status: 409, body: conflict },
      'POST /api/auth/logout-session': { status: 500 },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Already signed in elsewhere' });
    await typist.click(within(dialog).getByRole('button', { name: 'End other session and continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Session termination failed');
    expect(getToken()).toBeNull();
  });

  it('tells the user about an inactivity logout', () => {
    window.sessionStorage.setItem('logoutReason', 'inactivity');
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByText('You were logged out due to inactivity.')).toBeInTheDocument();
  });

  it('says once that an administrator ended the session, from the 401 of the next request', async () => {
    saveToken('tok-ended', false);
    const ended = {
      message: 'Your session has ended. Please sign in again.',
      errors: [],
      code: 'session_ended_by_admin',
      reason: 'Your session was ended by an administrator at 14:02.',
    };
    mockFetch({ 'GET /api/members/review': { status: 401, body: ended } });
    await expect(apiRequest('/members/review')).rejects.toThrow();
    expect(getToken()).toBeNull();

    const first = renderWithProviders(<LoginPage />, { path: '/login' });
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Your session was ended by an administrator at 14:02.');
    expect(notice.closest('.ant-alert')).toHaveClass('ant-alert-info');
    first.unmount();

    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.queryByText(/ended by an administrator/)).not.toBeInTheDocument();
  });

  it('shows no notice after a session that ended otherwise', async () => {
    saveToken('tok-gone', false);
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Your session has ended. Please sign in again.', errors: [] } } });
    await expect(apiRequest('/auth/me')).rejects.toThrow();
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
