import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { paymentsOnly, summaryOf } from '@/features/dashboard/test/summary-fixtures';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function setup(api: MockRoutes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'GET /api/dashboard/summary': { body: summaryOf() },
    ...api,
  });
  renderWithProviders(<DashboardPage />, { path: '/dashboard' });
  return { fetch };
}

afterEach(() => vi.restoreAllMocks());

describe('/dashboard', () => {
  it('greets the staff user and shows what needs doing today', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amira Haddad' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('link', { name: /^Overdue invoices/ })).toHaveAttribute('href', '/invoice-management?status=overdue');
  });

  it('shows what the role may view alone', async () => {
    setup({ 'GET /api/dashboard/summary': { body: summaryOf(paymentsOnly()) } });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getAllByRole('link')).toHaveLength(5);
    expect(within(today).queryByRole('link', { name: /^Members waiting/ })).not.toBeInTheDocument();
  });

  it('says when the figures cannot be loaded and offers to try again', async () => {
    setup({ 'GET /api/dashboard/summary': { status: 500, body: { message: 'Internal error' } } });
    expect(await screen.findByText("The dashboard's figures could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
