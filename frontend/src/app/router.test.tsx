import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ThemeProvider } from '@/app/theme/theme-provider';
import { saveToken } from '@/lib/token-storage';
import { mockFetch } from '@/test/fetch-mock';

const me = {
  user: { _id: 'u1', fullName: 'Amira Haddad', email: 'admin@example.com', phone: null, userAccountStatus: 'Active' },
  session: { deviceName: 'PC', operatingSystem: 'Linux', browserName: 'Chrome', ipAddress: '127.0.0.1' },
};
const appConfig = { inactivitySeconds: 1800, warningSeconds: 300, sessionIdleSeconds: 1800, secureCookies: false };

function renderApp(url: string) {
  mockFetch({ 'GET /api/auth/me': { body: me }, 'GET /api/app-config': { body: appConfig } });
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
  return router;
}

describe('routes', () => {
  it.each(['/dashboard', '/profile', '/', '/no-such-page'])('sends %s to /login without a token', async (url) => {
    const router = renderApp(url);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/forgot-password', '/two-fa', '/reset-password', '/', '/no-such-page'])(
    'sends %s to /dashboard with a token',
    async (url) => {
      saveToken('tok', true);
      const router = renderApp(url);
      expect(await screen.findByRole('heading', { name: 'Welcome, Amira Haddad' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('shows the shell: sidebar, theme toggle, footer', async () => {
    saveToken('tok', true);
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('© 2025')).toBeInTheDocument();
    expect(screen.getByText('Gavel Auctions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('changes the top bar after 24 px of scroll', async () => {
    saveToken('tok', true);
    renderApp('/dashboard');
    const topBar = (await screen.findByRole('button', { name: 'Toggle theme' })).closest('header');
    expect(topBar).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 25;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(topBar).toHaveAttribute('data-scrolled', 'true');
    expect(topBar).toHaveClass('top-bar--scrolled');
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('opens the terms from the footer', async () => {
    saveToken('tok', true);
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Terms' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of use' })).toBeInTheDocument();
  });

  it('shows the profile with the current session', async () => {
    saveToken('tok', true);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(await screen.findByText('Current session')).toBeInTheDocument();
    expect(screen.getByText('127.0.0.1')).toBeInTheDocument();
  });
});
