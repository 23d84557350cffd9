import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberAbsenteeBid } from '@/api/lot-types';
import { MemberAbsenteeBidsTab } from '@/features/members/components/member-absentee-bids-tab';
import { findDialog } from '@/test/dialog';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { lotFixture } from '@/test/lot-fixtures';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const inTable = { hidden: true } as const;

const leading: MemberAbsenteeBid = { lot: lotFixture('l1', { maximaCount: 2 }), maximum: '45000.00', at: '2031-05-01T07:05:00Z', leading: true, source: 'absentee' };
const closed: MemberAbsenteeBid = {
  lot: lotFixture('l2', { runNumber: 2, state: 'closed', result: 'sold', vehicle: { ...lotFixture('l2').vehicle, lotNumber: 1002, title: 'Lexus LX 2022' } }),
  maximum: '30000.00',
  at: '2031-04-30T09:00:00Z',
  leading: false,
  source: 'absentee',
};

function setup(bids: MockAnswer, grants = EVERYTHING) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(grants) }, 'GET /api/members/m7/absentee-bids': bids });
  renderWithProviders(<MemberAbsenteeBidsTab member={{ id: 'm7', name: 'Khalid Buyer1' }} />, { path: '/members/:memberId', route: '/members/m7?tab=absentee' });
  return { fetch, user: userEvent.setup() };
}

describe("A member's absentee bids", () => {
  it('lists each maximum with its lot, lane and run (linked to the event), the asking price, whether the member leads and when it was entered', async () => {
    setup({ body: { data: [leading, closed] } });
    const table = await screen.findByRole('table', { name: 'Absentee bids of this member' });
    const rows = within(table).getAllByRole('row', inTable).filter((row) => /AED/.test(row.textContent ?? ''));
    expect(rows.map((row) => within(row).getAllByRole('cell', inTable).map((cell) => cell.textContent))).toEqual([
      ['Lot 1001 · Nissan Patrol 2020', 'Lane 1, run 1', 'AED 45,000.00', 'AED 20,000.00', 'Leading', 'Waiting', '01/05/2031 11:05', 'Withdraw'],
      ['Lot 1002 · Lexus LX 2022', 'Lane 1, run 2', 'AED 30,000.00', 'AED 20,000.00', 'Not leading', 'Sold', '30/04/2031 13:00', ''],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Lane 1, run 1', ...inTable })).toHaveAttribute('href', '/auction-events/ev1');
    expect(screen.getByRole('button', { name: 'Add absentee bid' })).toBeInTheDocument();
  });

  it("opens 'Add absentee bid' for this member, who needs no finding", async () => {
    const { user } = setup({ body: { data: [] } });
    expect(await screen.findByText('No absentee bid has been entered for this member.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add absentee bid' }));
    const dialog = await findDialog('Absentee bid');
    expect(within(dialog).getByText('Khalid Buyer1')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Event' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
  });

  it('offers neither adding nor withdrawing to a role that may only view auctions', async () => {
    setup({ body: { data: [leading] } }, { Members: ['view'], Auctions: ['view'] });
    await screen.findByRole('table', { name: 'Absentee bids of this member' });
    expect(screen.queryByRole('button', { name: 'Add absentee bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Withdraw/, ...inTable })).not.toBeInTheDocument();
  });
});
