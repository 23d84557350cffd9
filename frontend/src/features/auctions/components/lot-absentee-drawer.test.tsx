import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LotAbsenteeDrawer } from '@/features/auctions/components/lot-absentee-drawer';
import { findDialog } from '@/test/dialog';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { lotDetailFixture, lotFixture } from '@/test/lot-fixtures';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const inTable = { hidden: true } as const;

const detail = lotDetailFixture('l1', {
  state: 'open',
  asking: '21000.00',
  price: '20000.00',
  leader: { id: 'm8', name: 'Omar Buyer2' },
  leaderSource: 'absentee',
  maximaCount: 2,
  maxima: [
    { bidder: { id: 'm7', name: 'Khalid Buyer1' }, amount: '20000.00', source: 'absentee', at: '2031-05-01T07:00:00Z' },
    { bidder: { id: 'm8', name: 'Omar Buyer2' }, amount: '45000.00', source: 'absentee', at: '2031-05-01T07:05:00Z' },
  ],
});

function setup(canEdit: boolean, api: MockRoutes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(canEdit ? EVERYTHING : { Auctions: ['view'] }) },
    'GET /api/lots/l1': { body: detail },
    ...api,
  });
  renderWithProviders(<LotAbsenteeDrawer lot={lotFixture('l1', { state: 'open' })} canEdit={canEdit} onClose={() => undefined} />);
  return { fetch, user: userEvent.setup() };
}

describe("A lot's absentee bids", () => {
  it('lists the standing maxima highest first with who, how much, the source and when (Dubai time)', async () => {
    setup(false);
    const table = await screen.findByRole('table', { name: 'Absentee bids on Lot 1001 · Nissan Patrol 2020' });
    const rows = within(table).getAllByRole('row', inTable).filter((row) => /AED/.test(row.textContent ?? ''));
    expect(rows.map((row) => within(row).getAllByRole('cell', inTable).map((cell) => cell.textContent))).toEqual([
      ['Omar Buyer2', 'AED 45,000.00', 'Absentee', '01/05/2031 11:05'],
      ['Khalid Buyer1', 'AED 20,000.00', 'Absentee', '01/05/2031 11:00'],
    ]);
    expect(screen.getByText('Omar Buyer2 (Absentee) at AED 20,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add absentee bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Withdraw/, ...inTable })).not.toBeInTheDocument();
  });

  it('withdraws a maximum only with a reason, and says so', async () => {
    const { fetch, user } = setup(true, { 'POST /api/lots/l1/absentee-bids/m7/withdraw': { body: lotFixture('l1', { state: 'open' }) } });
    await screen.findByRole('table', { name: 'Absentee bids on Lot 1001 · Nissan Patrol 2020' });
    expect(screen.getByRole('button', { name: 'Add absentee bid' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw the maximum of Khalid Buyer1 on Lot 1001 · Nissan Patrol 2020', ...inTable }));
    const dialog = await findDialog('Withdraw the maximum of AED 20,000.00 of Khalid Buyer1 on Lot 1001 · Nissan Patrol 2020?');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox'), 'The member called to cancel.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The maximum of Khalid Buyer1 on Lot 1001 · Nissan Patrol 2020 is withdrawn.')).toBeInTheDocument();
    const sent = fetch.mock.calls.filter(([url]) => url === '/api/lots/l1/absentee-bids/m7/withdraw');
    await waitFor(() => expect(sent.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ reason: 'The member called to cancel.' }]));
  });
});
