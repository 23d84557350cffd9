import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuctionsPage } from '@/features/auctions/pages/auctions-page';
import { auctionFixture, counts, listOf } from '@/features/auctions/test/auction-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const yards = {
  locations: [{ _id: 'loc1', title: 'Al Quoz Yard', city: 'Al Quoz', status: 'active' }],
  totalLocations: 1,
  activeLocations: 1,
  inActiveLocations: 0,
  totalPages: 1,
  currentPage: 1,
  totalMatching: 1,
};

const weekly = {
  events: [
    { startDate: '2031-05-01T16:00:00+04:00', endDate: '2031-05-01T20:00:00+04:00' },
    { startDate: '2031-05-08T16:00:00+04:00', endDate: '2031-05-08T20:00:00+04:00' },
    { startDate: '2031-05-15T16:00:00+04:00', endDate: '2031-05-15T20:00:00+04:00' },
  ],
};

async function openDialog(api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/auctions/get': { body: listOf([]) },
    'POST /api/locations/get': { body: yards },
    'POST /api/auctions/preview': { body: weekly },
    ...api,
  });
  renderWithProviders(<AuctionsPage list="draft" />, { path: '/draft-auctions' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Add auction/ }));
  const dialog = await findDialog('Add auction');
  return { fetch, user, dialog };
}

/** Enters a date (and time) as staff do, settling it with Enter. */
async function typeDate(user: UserEvent, field: HTMLElement, value: string) {
  await fill(user, field, value);
  await user.keyboard('{Enter}');
}

async function fillWeeklySale(user: UserEvent, dialog: HTMLElement) {
  await fill(user, within(dialog).getByLabelText('Title'), 'Dubai Thursday Live Sale');
  await pickOption(user, 'Location', 'Al Quoz Yard (Al Quoz)');
  await pickOption(user, 'Lanes', '2 lanes');
  await fill(user, within(dialog).getByLabelText('Bid increment'), '500');
  await pickOption(user, 'Repeats', 'Weekly');
  await typeDate(user, within(dialog).getByLabelText('First event starts'), '01/05/2031 16:00');
  await typeDate(user, within(dialog).getByLabelText('First event ends'), '01/05/2031 20:00');
  await typeDate(user, within(dialog).getByLabelText('Repeats until'), '15/05/2031');
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) =>
  fetch.mock.calls.flatMap(([called], index) => (called === url ? [sentRequest(fetch, index).body] : []));

// Filling the dialog's ten fields as a person does takes longer under jsdom than the default 20 s allows on a busy machine.
describe('Add auction', { timeout: 60_000 }, () => {
  it('says at each field what is missing, and sends nothing', async () => {
    const { fetch, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add auction' }));
    for (const message of [
      'Enter the auction title.',
      'Choose the location.',
      'The bid increment must be more than AED 0.00.',
      'Choose when the first event starts.',
      'Choose when the first event ends.',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Repeats until')).toBeDisabled();
    expect(within(dialog).getByRole('region', { name: 'Events it will create' })).toHaveTextContent('Choose when the first event starts and ends');
    expect(calls(fetch, '/api/auctions/create')).toEqual([]);
    expect(calls(fetch, '/api/auctions/preview')).toEqual([]);
  });

  it('previews the events of a weekly sale and creates it with every field, in Dubai time', async () => {
    const created = { data: auctionFixture('a9'), events: weekly.events, ...counts };
    const { fetch, user, dialog } = await openDialog({ 'POST /api/auctions/create': { status: 201, body: created } });
    await fillWeeklySale(user, dialog);

    const preview = within(dialog).getByRole('region', { name: 'Events it will create' });
    const list = await within(preview).findByRole('list', { name: 'Events to be created' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Thu 01/05/2031, 16:00-20:00',
      'Thu 08/05/2031, 16:00-20:00',
      'Thu 15/05/2031, 16:00-20:00',
    ]);
    expect(preview).toHaveTextContent('3 events:');
    expect(calls(fetch, '/api/auctions/preview').at(-1)).toEqual({
      startDate: '2031-05-01T16:00:00',
      endDate: '2031-05-01T20:00:00',
      repeatType: 'Weekly',
      repeatUntil: '2031-05-15',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Add auction' }));
    expect(await screen.findByText('Dubai Thursday Live Sale created with 3 events')).toBeInTheDocument();
    expect(calls(fetch, '/api/auctions/create')).toEqual([
      {
        auctionTitle: 'Dubai Thursday Live Sale',
        auctionType: 'Live',
        location: 'loc1',
        lanes: 2,
        bidIncrementAmount: '500',
        counterBidTime: 10,
        repeatType: 'Weekly',
        startDate: '2031-05-01T16:00:00',
        endDate: '2031-05-01T20:00:00',
        repeatUntil: '2031-05-15',
      },
    ]);
  });

  it("shows the server's 422 messages at their fields, and the preview's refusal of too many events", async () => {
    const tooMany = 'An auction has at most 52 events; this schedule would make 53. Choose an earlier repeat-until day.';
    const { user, dialog } = await openDialog({
      'POST /api/auctions/preview': { status: 422, body: { message: tooMany, errors: [{ field: 'repeatUntil', message: tooMany }] } },
      'POST /api/auctions/create': {
        status: 422,
        body: {
          message: 'Some fields are not valid.',
          errors: [
            { field: 'location', message: 'Al Quoz Yard is inactive; choose an active location.' },
            { field: 'repeatUntil', message: tooMany },
          ],
        },
      },
    });
    await fillWeeklySale(user, dialog);
    const preview = within(dialog).getByRole('region', { name: 'Events it will create' });
    expect(await within(preview).findByText(tooMany)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add auction' }));
    expect(await within(dialog).findByText('Al Quoz Yard is inactive; choose an active location.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByText(tooMany)).toHaveLength(2));
  });

  it('refuses an end before the start, and a repeat-until day before the first event', async () => {
    const { fetch, user, dialog } = await openDialog();
    await pickOption(user, 'Repeats', 'Daily');
    await typeDate(user, within(dialog).getByLabelText('First event starts'), '01/05/2031 16:00');
    await typeDate(user, within(dialog).getByLabelText('First event ends'), '01/05/2031 15:00');
    await typeDate(user, within(dialog).getByLabelText('Repeats until'), '30/04/2031');
    await user.click(within(dialog).getByRole('button', { name: 'Add auction' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
    expect(within(dialog).getByText('The repeat-until day must not be before the first event.')).toBeInTheDocument();
    expect(calls(fetch, '/api/auctions/preview')).toEqual([]);
  });

  it('keeps a negative bid increment and a start in the past as typed, says why and sends nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:30:00Z') });
    try {
      const { fetch, user, dialog } = await openDialog();
      await fill(user, within(dialog).getByLabelText('Bid increment'), '-100');
      await typeDate(user, within(dialog).getByLabelText('First event starts'), '27/11/2026 16:00');
      await typeDate(user, within(dialog).getByLabelText('First event ends'), '31/11/2026 20:00');
      await user.click(within(dialog).getByRole('button', { name: 'Add auction' }));
      expect(await within(dialog).findByText('An amount cannot be negative.')).toBeInTheDocument();
      expect(within(dialog).getByText('The first event must start later than now, 28/11/2026 14:30.')).toBeInTheDocument();
      expect(within(dialog).getByText('"31/11/2026 20:00" is not a date: write it as DD/MM/YYYY HH:mm, for example 28/11/2026 14:30.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Bid increment')).toHaveValue('-100');
      expect(within(dialog).getByLabelText('First event starts')).toHaveValue('27/11/2026 16:00');
      expect(within(dialog).getByLabelText('First event ends')).toHaveValue('31/11/2026 20:00');
      expect(calls(fetch, '/api/auctions/create')).toEqual([]);
      expect(calls(fetch, '/api/auctions/preview')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a role without Settings view why it cannot pick a location', async () => {
    const { fetch, dialog } = await openDialog({}, { Auctions: 'all' });
    expect(within(dialog).getByRole('combobox', { name: 'Location' })).toBeDisabled();
    expect(within(dialog).getByText('Listing locations needs Settings view')).toBeInTheDocument();
    expect(calls(fetch, '/api/locations/get')).toEqual([]);
  });
});
