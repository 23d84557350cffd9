import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OnApprovalPage } from '@/features/auctions/pages/on-approval-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { approvalFixture } from '@/test/lot-fixtures';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const inTable = { hidden: true } as const;

const waiting = approvalFixture('l1');
const countered = approvalFixture('l2', {
  lot: { ...approvalFixture('l2').lot, runNumber: 2, vehicle: { ...approvalFixture('l2').lot.vehicle, lotNumber: 1002, title: 'Lexus LX 2022' } },
  status: 'countered',
  counterAmount: '28000.00',
  history: [{ at: '2031-05-01T10:30:00Z', action: 'countered', amount: '28000.00', by: { id: 'u1', name: 'Amira Haddad' }, note: 'Seller phoned' }],
});

function setup(api: MockRoutes = {}, grants = EVERYTHING, route = '/auctions/on-approval') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/lots/on-approval?status=waiting': { body: { data: [waiting, countered] } },
    ...api,
  });
  const { router } = renderWithProviders(<OnApprovalPage />, { path: '/auctions/on-approval', route });
  return { fetch, router, user: userEvent.setup() };
}

const rowOf = (table: HTMLElement, lot: string) => {
  const row = within(table).getAllByRole('row', inTable).find((one) => within(one).queryByRole('link', { name: lot, ...inTable }));
  if (!row) throw new Error(`No row of ${lot}`);
  return row;
};

const posted = (fetch: ReturnType<typeof mockFetch>, url: string) =>
  fetch.mock.calls.filter(([called, init]) => called === url && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('/auctions/on-approval', () => {
  it('lists the waiting lots with seller, bidder, price, reserve, deadline in Dubai time, status and the answer so far', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Lots on approval' });
    await waitFor(() => expect(within(table).getAllByRole('link', { name: /^Lot 100/, ...inTable })).toHaveLength(2));
    const first = rowOf(table, 'Lot 1001 · Nissan Patrol 2020');
    expect(within(first).getAllByRole('cell', inTable).map((cell) => cell.textContent)).toEqual([
      'Lot 1001 · Nissan Patrol 2020Lane 1, run 1',
      'Salem Seller',
      'Khalid Buyer1',
      'AED 25,000.00',
      'AED 30,000.00',
      '02/05/2031 17:00',
      'Waiting',
      'No answer yet',
      'AcceptDeclineCounter-offer',
    ]);
    const second = rowOf(table, 'Lot 1002 · Lexus LX 2022');
    expect(second).toHaveTextContent('Counter-offer of AED 28,000.00: waiting for the buyer');
    expect(second).toHaveTextContent('Recorded by Amira Haddad, 01/05/2031 14:30 · Seller phoned');
    expect(within(second).getByRole('button', { name: 'The buyer accepts the counter-offer on Lot 1002 · Lexus LX 2022', ...inTable })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'The buyer declines the counter-offer on Lot 1002 · Lexus LX 2022', ...inTable })).toBeInTheDocument();
  });

  it("says in a sentence when no lot waits, and keeps the filter in the URL", async () => {
    const { router, user } = setup({
      'GET /api/lots/on-approval?status=waiting': { body: { data: [] } },
      'GET /api/lots/on-approval?status=answered': { body: { data: [] } },
    });
    expect(await screen.findByText("No lots are waiting for a seller's answer.")).toBeInTheDocument();
    await user.click(screen.getByText('Answered'));
    expect(await screen.findByText('No seller has answered yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=answered');
  });

  it('refuses a counter-offer that is not above the highest bid at its field, before sending it', async () => {
    const { fetch, user } = setup();
    const table = await screen.findByRole('table', { name: 'Lots on approval' });
    const first = await waitFor(() => rowOf(table, 'Lot 1001 · Nissan Patrol 2020'));
    await user.click(within(first).getByRole('button', { name: 'Record a counter-offer on Lot 1001 · Nissan Patrol 2020', ...inTable }));
    const counter = await findDialog('Counter-offer on Lot 1001 · Nissan Patrol 2020');
    await fill(user, within(counter).getByLabelText('Counter-offer (AED)'), '25,000');
    await user.click(within(counter).getByRole('button', { name: 'Record counter-offer' }));
    expect(await within(counter).findByText('The counter-offer must be more than the highest bid, AED 25,000.00.')).toBeInTheDocument();
    expect(posted(fetch, '/api/lots/l1/approval')).toEqual([]);
  });

  it("records the seller's acceptance after asking", async () => {
    const { fetch, user } = setup({ 'POST /api/lots/l1/approval': { body: { ...waiting, status: 'accepted' } } });
    const table = await screen.findByRole('table', { name: 'Lots on approval' });
    const first = await waitFor(() => rowOf(table, 'Lot 1001 · Nissan Patrol 2020'));
    await user.click(within(first).getByRole('button', { name: 'Accept the highest bid on Lot 1001 · Nissan Patrol 2020', ...inTable }));
    const dialog = await findDialog('Sell Lot 1001 · Nissan Patrol 2020 to Khalid Buyer1 for AED 25,000.00?');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Lot 1001 · Nissan Patrol 2020 is sold to Khalid Buyer1 for AED 25,000.00.')).toBeInTheDocument();
    expect(posted(fetch, '/api/lots/l1/approval')).toEqual([{ decision: 'accept' }]);
  });

  it('names the member who buys a lot only the floor led when the seller accepts', async () => {
    const floor = approvalFixture('l3', { buyer: null });
    const { fetch, user } = setup({
      'GET /api/lots/on-approval?status=waiting': { body: { data: [floor] } },
      'POST /api/auction-event/buyers': {
        body: { data: [{ _id: 'm9', name: 'Rashid Buyer3', memberIdentityNo: 'M-1009', phone: '+971501234567', buyingPower: 90000, available: 90000, overdueInvoice: null, blockedReason: null }] },
      },
      'POST /api/lots/l3/approval': { body: { ...floor, status: 'accepted' } },
    });
    const table = await screen.findByRole('table', { name: 'Lots on approval' });
    const row = await waitFor(() => rowOf(table, 'Lot 1001 · Nissan Patrol 2020'));
    expect(row).toHaveTextContent('A floor bidder');
    await user.click(within(row).getByRole('button', { name: 'Accept the highest bid on Lot 1001 · Nissan Patrol 2020', ...inTable }));
    const dialog = await findDialog('Sell Lot 1001 · Nissan Patrol 2020 for AED 25,000.00?');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Choose the member who buys the lot.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Buyer' }));
    await user.click(await screen.findByRole('option', { name: 'Rashid Buyer3 · M-1009 · Available buying power AED 90,000.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Lot 1001 · Nissan Patrol 2020 is sold for AED 25,000.00.')).toBeInTheDocument();
    expect(posted(fetch, '/api/lots/l3/approval')).toEqual([{ decision: 'accept', buyerId: 'm9' }]);
  }, 45_000); // two dialogs and a member search: about 20 s in jsdom on this loaded 2-core machine

  it("records the buyer's refusal of a counter-offer with a note, and shows the server's sentence when it refuses", async () => {
    const { fetch, user } = setup({
      'POST /api/lots/l2/approval/counter-answer': { status: 409, body: { message: 'The deadline of Lot 1002 passed at 17:00; it is a no-sale.' } },
    });
    const table = await screen.findByRole('table', { name: 'Lots on approval' });
    const second = await waitFor(() => rowOf(table, 'Lot 1002 · Lexus LX 2022'));
    await user.click(within(second).getByRole('button', { name: 'The buyer declines the counter-offer on Lot 1002 · Lexus LX 2022', ...inTable }));
    const dialog = await findDialog('Khalid Buyer1 declines the counter-offer of AED 28,000.00 on Lot 1002 · Lexus LX 2022?');
    await fill(user, within(dialog).getByRole('textbox'), 'Too high for him');
    await user.click(within(dialog).getByRole('button', { name: 'Buyer declines' }));
    expect(await screen.findByText('The deadline of Lot 1002 passed at 17:00; it is a no-sale.')).toBeInTheDocument();
    expect(posted(fetch, '/api/lots/l2/approval/counter-answer')).toEqual([{ accepted: false, note: 'Too high for him' }]);
  });

  it('shows no actions to a role that may only view auctions', async () => {
    setup({}, { Auctions: ['view'] });
    const table = await screen.findByRole('table', { name: 'Lots on approval' });
    await waitFor(() => expect(within(table).getAllByRole('link', { name: /^Lot 100/, ...inTable })).toHaveLength(2));
    expect(within(table).queryByRole('button', { name: /^Accept/, ...inTable })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions', ...inTable })).not.toBeInTheDocument();
  });
});
