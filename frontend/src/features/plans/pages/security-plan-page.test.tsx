import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SecurityPlanPage } from '@/features/plans/pages/security-plan-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

const plan = (id: string, name: string, planAmount: number, amountAfterDiscount: number | null, buyingPower: number, totalSubscribers = 0, depositsHeld = 0) => ({
  _id: id,
  name,
  tag: id === 'p2' ? 'Most popular' : null,
  planAmount,
  amountAfterDiscount,
  buyingPower,
  totalSubscribers,
  depositsHeld,
  description: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const plans = { data: [plan('p1', 'Silver', 5000, null, 50000), plan('p2', 'Gold', 10000, 8500, 120000, 4, 29750)], total: 2, totalPages: 1, currentPage: 1 };

function setup(api: MockRoutes = {}) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(EVERYTHING) }, 'POST /api/plan/list': { body: plans }, ...api });
  renderWithProviders(<SecurityPlanPage />, { path: '/security-plan' });
  return { fetch, user: userEvent.setup() };
}

const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url)).body;

describe('/security-plan', () => {
  it('shows a card per plan with AED prices, the discount struck through, buying power, subscribers and deposits held', async () => {
    setup();
    const gold = await screen.findByRole('article', { name: 'Gold' });
    expect(within(gold).getByText('Most popular')).toBeInTheDocument();
    expect(within(gold).getByText('AED 8,500.00')).toBeInTheDocument();
    expect(within(gold).getByLabelText('Original price AED 10,000.00')).toBeInTheDocument();
    expect(within(gold).getByText('AED 120,000.00')).toBeInTheDocument();
    expect(within(gold).getByText('4')).toBeInTheDocument();
    expect(within(gold).getByText('AED 29,750.00')).toBeInTheDocument();
    const silver = screen.getByRole('article', { name: 'Silver' });
    expect(within(silver).getByText('AED 5,000.00')).toBeInTheDocument();
    expect(within(silver).queryByLabelText(/Original price/)).not.toBeInTheDocument();
  });

  it('creates a plan with a discount, checked against the plan amount', async () => {
    const { fetch, user } = setup({ 'POST /api/plan/create': { status: 201, body: plan('p3', 'Platinum', 20000, 18000, 250000) } });
    await user.click(await screen.findByRole('button', { name: /Add plan/ }));
    const dialog = await findDialog('Add security plan');
    await fill(user, within(dialog).getByLabelText('Plan name'), 'Platinum');
    await fill(user, within(dialog).getByLabelText('Plan amount'), '20000');
    await fill(user, within(dialog).getByLabelText('Amount after discount'), '25000');
    await fill(user, within(dialog).getByLabelText('Buying power'), '250000');
    await user.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('The amount after discount cannot be more than the plan amount')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Amount after discount'));
    await fill(user, within(dialog).getByLabelText('Amount after discount'), '18000');
    await user.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Security plan added')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/plan/create')).toEqual({
      name: 'Platinum',
      tag: null,
      planAmount: '20000',
      amountAfterDiscount: '18000',
      buyingPower: '250000',
      description: null,
    });
  });

  it('deletes a plan after confirmation and shows a refusal', async () => {
    const { fetch, user } = setup({
      'DELETE /api/plan/delete': { status: 409, body: { message: 'Gold has 4 subscribers and cannot be deleted.', errors: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Gold' }));
    await user.click(within(await findDialog('Delete security plan')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Gold has 4 subscribers and cannot be deleted.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/plan/delete')).toEqual({ ids: ['p2'] });
  });
});
