import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LotView, PersonRef } from '@/api/lot-types';
import { AbsenteeBidModal } from '@/components/absentee-bid-modal';
import { findDialog } from '@/test/dialog';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { lotFixture } from '@/test/lot-fixtures';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const buyer = (id: string, name: string, memberIdentityNo: string, available: number) => ({ _id: id, name, memberIdentityNo, phone: '+971501234567', buyingPower: available, available, overdueInvoice: null, blockedReason: null });
const members = {
  data: [
    buyer('m7', 'Khalid Buyer1', 'M-1007', 80000),
    buyer('m8', 'Omar Buyer2', 'M-1008', 120000),
    {
      ...buyer('m9', 'Saeed Late', 'M-1009', 0),
      overdueInvoice: 'INV-2031-00007',
      blockedReason: 'Saeed Late has an overdue invoice (INV-2031-00007): no buying power until it is paid.',
    },
  ],
};

function setup(props: { lot?: LotView; member?: PersonRef }, api: MockRoutes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/auction-event/buyers': { body: members },
    'POST /api/lots/l1/absentee-bids': { body: lotFixture('l1', { maximaCount: 1 }) },
    ...api,
  });
  const onClose = vi.fn();
  renderWithProviders(<AbsenteeBidModal open onClose={onClose} {...props} />);
  return { fetch, onClose, user: userEvent.setup() };
}

const bodiesTo = (fetch: ReturnType<typeof mockFetch>, url: string) =>
  fetch.mock.calls.filter(([called, init]) => called === url && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('Absentee bid', () => {
  it("enters a found member's maximum on the event page's lot, refusing a letter and an amount below the asking price first", async () => {
    const { fetch, onClose, user } = setup({ lot: lotFixture('l1') });
    const dialog = await findDialog('Absentee bid');
    expect(within(dialog).getByText('Lot 1001 · Nissan Patrol 2020 · Lane 1, run 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enter bid' }));
    expect(await within(dialog).findByText('Choose the member who bids.')).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the member's maximum bid.")).toBeInTheDocument();

    // Each member with the server's verdict before staff act: buying power available, or why not (not choosable).
    await user.click(within(dialog).getByRole('combobox', { name: 'Member' }));
    expect(await screen.findByRole('option', { name: 'Khalid Buyer1 · M-1007 · Available buying power AED 80,000.00' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Saeed Late · M-1009 · Blocked: overdue INV-2031-00007' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('combobox', { name: 'Member' }));
    await pickOption(user, 'Member', /^Omar Buyer2 · M-1008 · Available buying power AED 120,000\.00$/);
    const maximum = within(dialog).getByLabelText('Maximum bid');
    await fill(user, maximum, '25k');
    expect(await within(dialog).findByText('"k" is not a digit. Type the amount with digits only, for example 90,000.')).toBeInTheDocument();
    await user.clear(maximum);
    await fill(user, maximum, '19,999.99');
    expect(await within(dialog).findByText('The maximum bid must be at least the asking price, AED 20,000.00.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/lots/l1/absentee-bids')).toEqual([]);

    await user.clear(maximum);
    await fill(user, maximum, '45,000');
    await user.click(within(dialog).getByRole('button', { name: 'Enter bid' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesTo(fetch, '/api/lots/l1/absentee-bids')).toEqual([{ memberId: 'm8', maximum: '45000' }]);
    expect(await screen.findByText('Absentee bid of AED 45,000.00 entered for Omar Buyer2 on Lot 1001 · Nissan Patrol 2020.')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's sentence at the maximum when the member's buying power does not cover it", async () => {
    const { onClose, user } = setup(
      { lot: lotFixture('l1'), member: { id: 'm7', name: 'Khalid Buyer1' } },
      {
        'POST /api/lots/l1/absentee-bids': {
          status: 409,
          body: { message: 'Khalid Buyer1 may bid up to AED 30,000.00 now.', errors: [{ field: 'maximum', message: 'Khalid Buyer1 may bid up to AED 30,000.00 now.' }] },
        },
      },
    );
    const dialog = await findDialog('Absentee bid');
    expect(within(dialog).getByText('Khalid Buyer1')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Maximum bid'), '45000');
    await user.click(within(dialog).getByRole('button', { name: 'Enter bid' }));
    expect(await within(dialog).findByText('Khalid Buyer1 may bid up to AED 30,000.00 now.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("from a member's page: an upcoming event, then one of its lots still taking bids", async () => {
    const { fetch, onClose, user } = setup(
      { member: { id: 'm7', name: 'Khalid Buyer1' } },
      {
        'POST /api/auction-event/calendar': {
          body: {
            data: [
              { _id: 'ev1', auctionEventStatus: 'publish', auctionId: 'a1', auctionTitle: 'Dubai Thursday Live Sale', auctionType: 'Live', startDate: '2031-05-01T12:00:00Z', endDate: '2031-05-01T16:00:00Z', location: { _id: 'loc1', name: 'Al Quoz' }, vehicleCount: 2 },
              { _id: 'ev0', auctionEventStatus: 'completed', auctionId: 'a0', auctionTitle: 'Old Sale', auctionType: 'Live', startDate: '2031-04-01T12:00:00Z', endDate: '2031-04-01T16:00:00Z', location: { _id: 'loc1', name: 'Al Quoz' }, vehicleCount: 2 },
            ],
          },
        },
        'GET /api/auction-events/ev1/lots': {
          body: { data: [lotFixture('l1'), lotFixture('l2', { runNumber: 2, state: 'closed', result: 'sold', vehicle: { ...lotFixture('l2').vehicle, lotNumber: 1002 } })], serverTime: '2031-05-01T08:00:00Z' },
        },
      },
    );
    const dialog = await findDialog('Absentee bid');
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    expect(screen.queryByRole('option', { name: /Old Sale/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Dubai Thursday Live Sale · 01/05/2031' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Lot' }));
    expect(await screen.findByRole('option', { name: 'Lot 1001 · Nissan Patrol 2020 · Lane 1, run 1' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Lot 1002/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Lot 1001 · Nissan Patrol 2020 · Lane 1, run 1' }));
    await fill(user, within(dialog).getByLabelText('Maximum bid'), '21000');
    await user.click(within(dialog).getByRole('button', { name: 'Enter bid' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesTo(fetch, '/api/lots/l1/absentee-bids')).toEqual([{ memberId: 'm7', maximum: '21000' }]);
  });
});
