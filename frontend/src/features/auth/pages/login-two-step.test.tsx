import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '@/features/auth/pages/login-page';
import { getToken } from '@/lib/token-storage';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

const user = { _id: 'u1', fullName: 'Amira Haddad', email: 'admin@example.com' };
const challenge = { codeNeeded: true, challenge: 'u1.1790000000.sig', expiresInSeconds: 300, message: 'Enter the 6-digit code from your authenticator app.' };
const conflict = {
  status: 409,
  message: 'You are already signed in on another device.',
  data: { deviceName: 'MacBook', operatingSystem: 'Mac OS X 14', browserName: 'Firefox 130', ipAddress: '10.1.2.3', lastActiveAt: '2025-03-09T22:30:00Z' },
};

async function passwordStep() {
  const typist = userEvent.setup();
  await fill(typist, screen.getByLabelText('Email'), 'admin@example.com');
  await fill(typist, screen.getByLabelText('Password'), 'Gavel-Admin-2026!');
  await typist.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
  return typist;
}

describe('login page: two-step sign-in', () => {
  it('asks for the app code after the password and signs in with it', async () => {
    const fetch = mockFetch({
      'POST /api/auth/login': { body: challenge },
      'POST /api/auth/login/code': { body: { token: 'tok-2fa', user } },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await passwordStep();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(getToken()).toBeNull();

    await fill(typist, screen.getByLabelText('Authentication code'), '123456');
    await typist.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('path: /dashboard')).toBeInTheDocument();
    expect(sentRequest(fetch, 1).body).toEqual({ challenge: challenge.challenge, code: '123456', endOtherSession: false });
    expect(getToken()).toBe('tok-2fa');
  });

  it('checks the code has six digits before sending it', async () => {
    const fetch = mockFetch({ 'POST /api/auth/login': { body: challenge } });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await passwordStep();
    await fill(typist, screen.getByLabelText('Authentication code'), '12a45');
    await typist.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for a wrong code and takes a recovery code instead", async () => {
    const fetch = mockFetch({
      'POST /api/auth/login': { body: challenge },
      'POST /api/auth/login/code': (init) =>
        JSON.parse(String(init?.body)).code === 'abcde-fghjk'
          ? { body: { token: 'tok-rec', user } }
          : { status: 401, body: { message: 'The code is incorrect. Please try again.', errors: [] } },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await passwordStep();
    await fill(typist, screen.getByLabelText('Authentication code'), '000000');
    await typist.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect. Please try again.');

    await typist.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText('Enter one of your recovery codes. Each code works once.')).toBeInTheDocument();
    await fill(typist, screen.getByLabelText('Recovery code'), ' abcde-fghjk ');
    await typist.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('path: /dashboard')).toBeInTheDocument();
    expect(sentRequest(fetch, 2).body).toMatchObject({ code: 'abcde-fghjk' });
  });

  it('ends the other session with the same code after a 409', async () => {
    const fetch = mockFetch({
      'POST /api/auth/login': { body: challenge },
      'POST /api/auth/login/code': (init) =>
        JSON.parse(String(init?.body)).endOtherSession ? { body: { token: 'tok-3', user } } : { status: 409, body: conflict },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await passwordStep();
    await fill(typist, screen.getByLabelText('Authentication code'), '654321');
    await typist.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Already signed in elsewhere' });
    expect(within(dialog).getByText('MacBook')).toBeInTheDocument();
    await typist.click(within(dialog).getByRole('button', { name: 'End other session and continue' }));
    expect(await screen.findByText('path: /dashboard')).toBeInTheDocument();
    expect(sentRequest(fetch, 2).body).toEqual({ challenge: challenge.challenge, code: '654321', endOtherSession: true });
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/logout-session')).toBe(false);
  });

  it('goes back to the password step', async () => {
    mockFetch({ 'POST /api/auth/login': { body: challenge } });
    renderWithProviders(<LoginPage />, { path: '/login' });
    const typist = await passwordStep();
    await typist.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
