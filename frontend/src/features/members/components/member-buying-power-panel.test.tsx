import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberBuyingPowerPanel } from '@/features/members/components/member-buying-power-panel';
import { buyingPowerReason } from '@/features/members/lib/buying-power-reason';
import { buyingPowerFixture } from '@/features/members/test/money-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

describe('why a member may bid what they may', () => {
  it('says there is no buying power without a plan, while an invoice is overdue, and before the deposit is paid', () => {
    expect(buyingPowerReason(buyingPowerFixture({ plan: null, depositHeld: 0, planBuyingPower: 0, available: 0 }))).toEqual({
      tone: 'warning',
      text: 'No security plan: no buying power until a plan is chosen and its deposit is paid.',
    });
    expect(buyingPowerReason(buyingPowerFixture({ overdueInvoice: { _id: 'i9', invoiceNo: 'INV-2026-000009', daysOverdue: 4 }, available: 0 }))).toEqual({
      tone: 'error',
      text: 'No buying power while INV-2026-000009 is overdue (4 days); it comes back once the invoice is paid.',
    });
    expect(buyingPowerReason(buyingPowerFixture({ depositHeld: 0, planBuyingPower: 0, available: 0 })).text).toBe(
      "Deposit not paid yet: the Gold plan's deposit of AED 8,500.00 waits for payment; no buying power until it is paid and verified.",
    );
  });

  it('says what is available and from what: the plan on the deposit held, less unpaid purchases, short of the deposit until the rest is paid', () => {
    expect(buyingPowerReason(buyingPowerFixture())).toEqual({
      tone: 'success',
      text: 'AED 120,000.00 available: the Gold plan gives AED 120,000.00 on the AED 8,500.00 deposit held.',
    });
    expect(buyingPowerReason(buyingPowerFixture({ unpaidPurchases: 45000, available: 75000 }))).toEqual({
      tone: 'info',
      text: 'AED 75,000.00 available: the Gold plan gives AED 120,000.00 on the AED 8,500.00 deposit held, less AED 45,000.00 of unpaid purchases.',
    });
    expect(buyingPowerReason(buyingPowerFixture({ depositHeld: 4250, planBuyingPower: 60000, available: 60000 })).text).toBe(
      'AED 60,000.00 available: the Gold plan needs a deposit of AED 8,500.00 and AED 4,250.00 is held (part of it was used, or the difference of a bigger plan is not paid yet), so it gives AED 60,000.00 until the rest is paid.',
    );
    expect(buyingPowerReason(buyingPowerFixture({ unpaidPurchases: 130000, available: 0 })).tone).toBe('warning');
  });
});

describe("the member's 'Deposit and buying power'", () => {
  const detail = (panel: HTMLElement, label: string) => {
    // The value beside its label.
    const cell = within(panel).getByText(label).nextElementSibling;
    if (!(cell instanceof HTMLElement)) throw new Error(`No detail "${label}"`);
    return cell;
  };

  it('shows the plan, the deposit, unpaid purchases, the overdue invoice (a link to it) and what is available, with why', async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith({ Members: ['view'] }) },
      'GET /api/members/m1/buying-power': {
        body: buyingPowerFixture({ unpaidPurchases: 45000, overdueInvoice: { _id: 'i9', invoiceNo: 'INV-2026-000009', daysOverdue: 1 }, available: 0 }),
      },
    });
    renderWithProviders(<MemberBuyingPowerPanel memberId="m1" />);
    const panel = await screen.findByRole('region', { name: 'Deposit and buying power' });
    expect(await within(panel).findByText('No buying power while INV-2026-000009 is overdue (1 day); it comes back once the invoice is paid.')).toBeInTheDocument();
    expect(detail(panel, 'Security plan')).toHaveTextContent('Gold');
    expect(detail(panel, "Plan's buying power")).toHaveTextContent('AED 120,000.00');
    expect(detail(panel, 'Deposit the plan needs')).toHaveTextContent('AED 8,500.00');
    expect(detail(panel, 'Deposit held')).toHaveTextContent('AED 8,500.00');
    expect(detail(panel, 'Unpaid purchases')).toHaveTextContent('AED 45,000.00');
    expect(within(detail(panel, 'Overdue invoice')).getByRole('link', { name: 'INV-2026-000009' })).toHaveAttribute('href', '/invoice-management?invoice=i9');
    expect(detail(panel, 'Overdue invoice')).toHaveTextContent('1 day overdue');
    expect(detail(panel, 'Buying power available')).toHaveTextContent('AED 0.00');
    // Members view only: no refunds.
    expect(within(panel).queryByRole('button', { name: /Request refund/ })).not.toBeInTheDocument();
  });

  it('says the deposit is not paid yet for a member whose plan waits for it, and offers a refund to Payments add', async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'GET /api/members/m1/buying-power': { body: buyingPowerFixture({ depositHeld: 0, planBuyingPower: 0, available: 0 }) },
    });
    renderWithProviders(<MemberBuyingPowerPanel memberId="m1" />);
    const panel = await screen.findByRole('region', { name: 'Deposit and buying power' });
    expect(await within(panel).findByText(/^Deposit not paid yet: the Gold plan's deposit of AED 8,500.00 waits for payment/)).toBeInTheDocument();
    expect(detail(panel, 'Overdue invoice')).toHaveTextContent('None');
    expect(within(panel).getByRole('button', { name: /Request refund/ })).toBeInTheDocument();
  });

  it("shows the server's refusal when the figures cannot be loaded", async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith({ Members: ['view'] }) },
      'GET /api/members/m1/buying-power': { status: 404, body: { message: 'This member does not exist.', errors: [] } },
    });
    renderWithProviders(<MemberBuyingPowerPanel memberId="m1" />);
    const panel = await screen.findByRole('region', { name: 'Deposit and buying power' });
    expect(await within(panel).findByText('This member does not exist.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
