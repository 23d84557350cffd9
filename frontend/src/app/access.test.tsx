import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ThemeProvider } from '@/app/theme/theme-provider';
import { saveToken } from '@/lib/token-storage';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { meWith } from '@/test/me';

const appConfig = { inactivitySeconds: 1800, warningSeconds: 300, sessionIdleSeconds: 1800, secureCookies: false };

function renderApp(url: string, api: MockRoutes) {
  saveToken('tok', true);
  const fetch = mockFetch({ 'GET /api/app-config': { body: appConfig }, ...api });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('access to screens', () => {
  it('shows "no access" on a screen whose module the role may not view', async () => {
    const fetch = renderApp('/roles', { 'GET /api/auth/me': { body: meWith({ Users: ['view'] }) } });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this page.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/role/get')).toBe(false);
  });

  it('opens the screen when the role may view it', async () => {
    renderApp('/security-plan', {
      'GET /api/auth/me': { body: meWith({ Settings: ['view'] }) },
      'POST /api/plan/list': { body: { data: [], total: 0, totalPages: 1, currentPage: 1 } },
    });
    expect(await screen.findByRole('heading', { name: 'Security Plan' })).toBeInTheDocument();
    expect(await screen.findByText('No security plans yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add plan/ })).not.toBeInTheDocument();
  });

  it('guards /outbound-payments with Payments view', async () => {
    const fetch = renderApp('/outbound-payments', { 'GET /api/auth/me': { body: meWith({ Members: ['view'] }) } });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/payment/get-payments')).toBe(false);
  });

  it('opens /outbound-payments for a role that may view payments', async () => {
    const empty = { data: [], totalPages: 0, currentPage: 1, totalMatching: 0, totals: {}, totalsByKind: {}, completedThisMonth: { count: 0, amount: 0 } };
    const fetch = renderApp('/outbound-payments', {
      'GET /api/auth/me': { body: meWith({ Payments: ['view'] }) },
      'POST /api/payment/get-payments': { body: empty },
    });
    expect(await screen.findByRole('heading', { name: 'Outbound payments' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Outbound payments' });
    expect(fetch.mock.calls.some(([url]) => url === '/api/payment/get-payments')).toBe(true);
  });

  it('makes a user an administrator gave a password (a new colleague, a reset) choose their own before anything else, then continues', async () => {
    let changed = false;
    const fetch = renderApp('/dashboard', {
      'GET /api/auth/me': () => ({ body: meWith({}, { mustChangePassword: !changed }) }),
      'PUT /api/auth/change-password': () => {
        changed = true;
        return { body: { message: 'Your password has been changed.' } };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(/Choose one of your own, that only you know/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText('Current password'), 'Temp-Pass-123');
    await fill(user, screen.getByLabelText('New password'), 'Brand-New-Pass-9');
    await fill(user, screen.getByLabelText('Confirm new password'), 'Brand-New-Pass-9');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Amira Haddad' })).toBeInTheDocument();
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    const call = fetch.mock.calls.findIndex(([url, init]) => url === '/api/auth/change-password' && init?.method === 'PUT');
    expect(sentRequest(fetch, call).body).toEqual({ currentPassword: 'Temp-Pass-123', password: 'Brand-New-Pass-9', confirmPassword: 'Brand-New-Pass-9' });
  });
});
