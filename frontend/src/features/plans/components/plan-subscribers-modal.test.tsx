import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Subscriber } from '@/features/plans/api/get-plan-subscribers';
import { SecurityPlanPage } from '@/features/plans/pages/security-plan-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const gold = {
  _id: 'p2',
  name: 'Gold',
  tag: null,
  planAmount: 10000,
  amountAfterDiscount: 8500,
  buyingPower: 120000,
  totalSubscribers: 12,
  depositsHeld: 93500,
  description: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const subscriber = (id: string, firstName: string, fields: Partial<Subscriber> = {}): Subscriber => ({
  _id: id,
  firstName,
  lastName: 'Buyer',
  companyName: null,
  email: `${id}@example.com`,
  phone: '+971501234567',
  memberIdentityNo: '784-1990-1234567-6',
  depositHeld: 8500,
  buyingPower: 120000,
  status: 'approved',
  ...fields,
});

function setup(grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/plan/list': { body: { data: [gold], total: 1, totalPages: 1, currentPage: 1 } },
    'POST /api/plan/p2/subscribers': (init) => {
      const body = JSON.parse(String(init?.body)) as { pageNo: number; search?: string };
      const data = body.search
        ? [subscriber('m7', 'Huda')]
        : [subscriber('m1', 'Khalid'), subscriber('m2', 'Rashid', { companyName: 'Desert Motors Trading LLC', depositHeld: 0, buyingPower: 0, status: 'deactivated' })];
      return { body: { data, totalMatching: body.search ? 1 : 12, totalPages: body.search ? 1 : 2, currentPage: body.pageNo, totalSubscribers: 12, depositsHeld: 93500 } };
    },
  });
  renderWithProviders(<SecurityPlanPage />, { path: '/security-plan' });
  return { fetch, user: userEvent.setup() };
}

const bodies = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.flatMap(([called], index) => (called === '/api/plan/p2/subscribers' ? [sentRequest(fetch, index).body] : []));

describe("a plan's subscribers", () => {
  it('lists the members of the plan with the deposit each holds, their buying power and status, ten a page, searchable', async () => {
    const { fetch, user } = setup();
    const card = await screen.findByRole('article', { name: 'Gold' });
    expect(within(card).getByText('AED 93,500.00')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Subscribers of Gold' }));
    const dialog = await findDialog('Subscribers of Gold');
    const table = await within(dialog).findByRole('table', { name: 'Subscribers of Gold' });

    const khalid = await within(table).findByRole('row', { name: /Khalid Buyer/ });
    expect(within(khalid).getByRole('link', { name: 'Khalid Buyer' })).toHaveAttribute('href', '/members/m1');
    expect(khalid).toHaveTextContent('AED 8,500.00');
    expect(khalid).toHaveTextContent('AED 120,000.00');
    expect(khalid).toHaveTextContent('Approved');
    const rashid = within(table).getByRole('row', { name: /Desert Motors Trading LLC/ });
    expect(within(rashid).getByRole('link', { name: 'Desert Motors Trading LLC (Rashid Buyer)' })).toHaveAttribute('href', '/members/m2');
    expect(rashid).toHaveTextContent('AED 0.00');
    expect(rashid).toHaveTextContent('Deactivated');
    expect(dialog).toHaveTextContent('Subscribers12');
    expect(dialog).toHaveTextContent('Deposits heldAED 93,500.00');
    expect(bodies(fetch)[0]).toEqual({ pageNo: 1, limit: 10 });

    await user.click(within(dialog).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(bodies(fetch).at(-1)).toEqual({ pageNo: 2, limit: 10 }));

    await fill(user, within(dialog).getByRole('searchbox', { name: 'Search subscribers' }), 'huda');
    await user.keyboard('{Enter}');
    expect(await within(table).findByRole('row', { name: /Huda Buyer/ })).toBeInTheDocument();
    expect(bodies(fetch).at(-1)).toEqual({ pageNo: 1, limit: 10, search: 'huda' });
  });

  it('names the members without a link for a role that may not view members', async () => {
    setup({ Settings: ['view'] });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribers of Gold' }));
    const dialog = await findDialog('Subscribers of Gold');
    expect(await within(dialog).findByText('Khalid Buyer')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Khalid Buyer' })).not.toBeInTheDocument();
  });
});
