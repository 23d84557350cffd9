import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TodaySection } from '@/features/dashboard/components/today-section';
import { paymentsOnly, todayOf } from '@/features/dashboard/test/summary-fixtures';
import { renderWithProviders } from '@/test/render';

describe('TodaySection', () => {
  it('shows each figure with its AED, lanes and vehicles, or channels', () => {
    renderWithProviders(<TodaySection today={todayOf()} />);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('01/05/2031, by the Dubai day')).toBeInTheDocument();
    // What is still to pay on them, in the words of the invoices list's Overdue card (the same figure).
    expect(within(today).getByRole('link', { name: /^Overdue invoices/ })).toHaveTextContent(/^Overdue invoices3AED 78,102\.75 still to pay$/);
    expect(within(today).getByRole('link', { name: /^Payments to verify/ })).not.toHaveTextContent('still to pay');
    expect(within(today).getByRole('link', { name: /^Events today/ })).toHaveTextContent('Events today23 lanes · 41 vehicles');
    expect(within(today).getByRole('link', { name: /^Failed messages/ })).toHaveTextContent('Failed messages3SMS 0 · WhatsApp 2 · Email 1');
    expect(within(today).getByRole('link', { name: /^Members waiting for review/ })).toHaveTextContent('4');
    expect(within(today).getAllByRole('link')).toHaveLength(14);
  });

  it('opens the list behind a figure, already filtered', async () => {
    const { router } = renderWithProviders(<TodaySection today={todayOf()} />, { path: '/dashboard' });
    await userEvent.setup().click(screen.getByRole('link', { name: /^Payments to verify/ }));
    expect(router.state.location.pathname).toBe('/inbound-payments');
    expect(router.state.location.search).toBe('?confirmation=Pending');
  });

  it("opens the on-approval list from 'Waiting for seller approval'", async () => {
    const { router } = renderWithProviders(<TodaySection today={todayOf()} />, { path: '/dashboard' });
    const card = screen.getByRole('link', { name: /^Waiting for seller approval/ });
    expect(card).toHaveTextContent(/^Waiting for seller approval2$/);
    await userEvent.setup().click(card);
    expect(router.state.location.pathname).toBe('/auctions/on-approval');
  });

  it('shows only the modules the role may view', () => {
    renderWithProviders(<TodaySection today={paymentsOnly()} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent?.replace(/\d.*$/, ''))).toEqual([
      'Invoices due today',
      'Overdue invoices',
      'Payments to verify',
      'Payouts waiting',
      'Refunds waiting',
    ]);
  });

  it('says so when the role views none of them', () => {
    const nothing = todayOf({ ...paymentsOnly(), invoicesDueToday: null, invoicesOverdue: null, paymentsToVerify: null, payoutsWaiting: null, refundsWaiting: null });
    renderWithProviders(<TodaySection today={nothing} />);
    expect(screen.getByText('Nothing here for your role.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
