import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationsPage } from '@/features/locations/pages/locations-page';
import { findDialog, queryDialog } from '@/test/dialog';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const manager = { _id: 'u1', fullName: 'Noura Al Mansoori', email: 'noura@example.com', phone: null };
const dubaiYard = {
  _id: 'l1',
  title: 'Dubai Yard',
  status: 'active',
  physical_address: 'Street 12, Al Quoz Industrial 3',
  mailing_address: null,
  phone_number: '+97143334444',
  fax_number: '12345',
  general_manager: manager,
  country: 'United Arab Emirates',
  state: 'Dubai',
  city: 'Al Quoz',
  schedule: weekdays.map((day) => ({ day, open: '08:00', close: '17:00', closed: false })),
  createdAt: '2026-01-03T08:00:00Z',
  updatedAt: '2026-01-03T08:00:00Z',
};

function setup() {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/locations/get': { body: { locations: [dubaiYard], totalLocations: 1, activeLocations: 1, inActiveLocations: 0, totalPages: 1, currentPage: 1 } },
    'GET /api/locations/geography': { body: { defaultCountry: 'United Arab Emirates', countries: { 'United Arab Emirates': { Dubai: ['Dubai', 'Al Quoz'] } } } },
    'GET /api/lookups/staff': { body: [{ _id: manager._id, fullName: manager.fullName, email: manager.email }] },
    'PUT /api/locations/update/l1': { body: dubaiYard },
  });
  renderWithProviders(<LocationsPage />, { path: '/locations' });
  return { fetch, user: userEvent.setup() };
}

const updates = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.flatMap(([url], index) => (url === '/api/locations/update/l1' ? [sentRequest(fetch, index).body] : []));

describe('Edit location: opening hours', () => {
  it('Enter in a time field keeps the dialog open; closing it with edits asks first; Save sends the hours typed', async () => {
    const { fetch, user } = setup();
    await user.click(await screen.findByLabelText('Edit Dubai Yard'));
    const dialog = await findDialog('Edit location');
    await user.click(within(dialog).getByRole('tab', { name: 'Schedule' }));

    const opens = within(dialog).getByLabelText('Monday opens');
    await user.tripleClick(opens);
    await user.paste('09:00');
    await user.keyboard('{Enter}');
    expect(updates(fetch)).toEqual([]);
    expect(queryDialog('Edit location')).toBeDefined();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await findDialog('Discard changes?')).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(queryDialog('Discard changes?')).toBeUndefined());
    expect(within(dialog).getByLabelText('Monday opens')).toHaveValue('09:00');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Location updated')).toBeInTheDocument();
    expect(updates(fetch)).toHaveLength(1);
    expect((updates(fetch)[0] as { schedule: unknown[] }).schedule[0]).toEqual({ day: 'monday', open: '09:00', close: '17:00', closed: false });
  }, 45_000); // The Edit location dialog renders 21 time pickers and switches: slow under jsdom on a busy machine.
});
