import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardCharts from '@/features/dashboard/charts/dashboard-charts';
import { MAY, YEAR_SALES } from '@/features/dashboard/charts/test/chart-fixtures';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

function setup({ route = '/dashboard', grants = EVERYTHING, api = {} }: { route?: string; grants?: Grants; api?: MockRoutes } = {}) {
  const charts = Object.fromEntries(Object.entries(MAY).map(([name, body]) => [`GET /api/dashboard/charts/${name}?period=month`, { body }]));
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(grants) }, ...charts, ...api });
  const rendered = renderWithProviders(<DashboardCharts />, { path: '/dashboard', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const called = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([url]) => String(url));

/** The visually-hidden table of a chart, as a screen reader reads it: one line per row. */
function figures(name: string): string[] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

afterEach(() => vi.restoreAllMocks());

describe('the dashboard charts', () => {
  it('shows each chart with the sentence of what it measures and its figures for this month', async () => {
    setup();
    const sales = await screen.findByRole('region', { name: 'Sales per week' });
    expect(within(sales).getByText(/How many vehicles were sold each week/)).toBeInTheDocument();
    expect(await within(sales).findByText('5 sold for AED 124,000.00')).toBeInTheDocument();
    expect(figures('Sales per week')).toEqual(['28/04/20310AED 0.00', '05/05/20312AED 50,000.00', '12/05/20313AED 74,000.00']);
    expect(await screen.findByText('83.3% over 2 events: 5 sold of 6 run')).toBeInTheDocument();
    expect(figures('Sell-through rate per event')).toEqual(['Dubai Tuesday Sale, 13/05/203133100.0%', 'Dubai Tuesday Sale, 06/05/20313266.7%']);
    expect(figures('Hammer price against reserve')[1]).toBe('Below reserve1AED 9,000.00AED 10,000.00');
    expect(figures('Pipeline from review to released')[0]).toBe('Review2');
    expect(await screen.findByText('AED 6,400.00 owed on 5 invoices')).toBeInTheDocument();
    expect(figures('Receivables by age')).toEqual(['0–2 days2AED 2,500.00', '3–7 days2AED 3,400.00', '8–30 days1AED 500.00', 'Over 30 days0AED 0.00']);
    expect(figures('Top sellers')).toEqual(['Majid Al Mansoori3AED 65,000.00', 'Fatima Al Hashimi2AED 59,000.00']);
    expect(figures('Top buyers')).toEqual(['Khalid Al Suwaidi3AED 79,000.00']);
  });

  it('changes the period in the URL and fetches the charts for it', async () => {
    const { fetch, router, user } = setup({
      api: { 'GET /api/dashboard/charts/sales-per-week?period=year': { body: YEAR_SALES } },
    });
    expect(await screen.findByText('5 sold for AED 124,000.00')).toBeInTheDocument();
    await user.click(screen.getByText('This year'));
    await waitFor(() => expect(router.state.location.search).toBe('?period=year'));
    expect(await screen.findByText('6 sold for AED 136,000.00')).toBeInTheDocument();
    expect(called(fetch)).toContain('/api/dashboard/charts/pipeline?period=year');
    await user.click(screen.getByText('This month'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads dates from the URL and shows the range picker', async () => {
    const { fetch } = setup({
      route: '/dashboard?from=2031-05-06&to=2031-05-13',
      api: { 'GET /api/dashboard/charts/sales-per-week?from=2031-05-06&to=2031-05-13': { body: MAY['sales-per-week'] } },
    });
    expect(await screen.findByText('5 sold for AED 124,000.00')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('First day')).toHaveValue('06/05/2031');
    expect(screen.getByPlaceholderText('Last day')).toHaveValue('13/05/2031');
    expect(called(fetch)).toContain('/api/dashboard/charts/receivables?from=2031-05-06&to=2031-05-13');
  });

  it('shows only the charts of the modules the role may view', async () => {
    const { fetch } = setup({ grants: { Payments: ['view'] } });
    expect(await screen.findByRole('region', { name: 'Receivables by age' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sales per week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top sellers and buyers' })).not.toBeInTheDocument();
    expect(called(fetch).filter((url) => url.startsWith('/api/dashboard/charts/'))).toEqual(['/api/dashboard/charts/receivables?period=month']);
  });

  it('shows nothing to a role that may view none of the charts', async () => {
    const { fetch } = setup({ grants: { Roles: ['view'] } });
    await waitFor(() => expect(called(fetch)).toContain('/api/auth/me'));
    expect(screen.queryByRole('heading', { name: 'How the business is going' })).not.toBeInTheDocument();
    expect(called(fetch).some((url) => url.startsWith('/api/dashboard/charts/'))).toBe(false);
  });

  it("says so in the chart's card when the server refuses", async () => {
    setup({
      grants: { Payments: ['view'] },
      api: { 'GET /api/dashboard/charts/receivables?period=month': { status: 500, body: { message: 'Internal error' } } },
    });
    const card = await screen.findByRole('region', { name: 'Receivables by age' });
    expect(await within(card).findByText('Internal error')).toBeInTheDocument();
  });
});
