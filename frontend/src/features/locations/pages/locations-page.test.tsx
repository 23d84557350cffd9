import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationsPage } from '@/features/locations/pages/locations-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const manager = { _id: 'u1', fullName: 'Noura Al Mansoori', email: 'noura@example.com', phone: null };
const location = (id: string, title: string, status: string, schedule = weekdays.map((day) => ({ day, open: '08:00', close: '17:00', closed: day === 'sunday' }))) => ({
  _id: id,
  title,
  status,
  physical_address: 'Street 12, Al Quoz Industrial 3',
  mailing_address: null,
  phone_number: '+97143334444',
  fax_number: '12345',
  general_manager: manager,
  country: 'United Arab Emirates',
  state: 'Dubai',
  city: 'Al Quoz',
  schedule: schedule.map((entry) => (entry.closed ? { ...entry, open: null, close: null } : entry)),
  createdAt: '2026-01-03T08:00:00Z',
  updatedAt: '2026-01-03T08:00:00Z',
});
const list = {
  locations: [location('l1', 'Dubai Yard', 'active'), location('l2', 'Sharjah Yard', 'inActive')],
  totalLocations: 2,
  activeLocations: 1,
  inActiveLocations: 1,
  totalPages: 1,
  currentPage: 1,
};
const geography = {
  defaultCountry: 'United Arab Emirates',
  countries: { 'United Arab Emirates': { Dubai: ['Dubai', 'Al Quoz'], Sharjah: ['Sharjah', 'Industrial Area'] } },
};
/** GET /api/lookups/staff: the manager picker's active staff. */
const staff = [{ _id: manager._id, fullName: manager.fullName, email: manager.email }];

function setup(api: MockRoutes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/locations/get': { body: list },
    'GET /api/locations/geography': { body: geography },
    'GET /api/lookups/staff': { body: staff },
    ...api,
  });
  renderWithProviders(<LocationsPage />, { path: '/locations' });
  return { fetch, user: userEvent.setup() };
}

const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url)).body;

describe('/locations', () => {
  it('shows the counts and yards, and deactivates the selected ones in bulk', async () => {
    const { fetch, user } = setup({
      'PUT /api/locations/update-status': { body: { message: '1 location updated.', totalLocations: 2, activeLocations: 0, inActiveLocations: 2 } },
    });
    const row = await screen.findByRole('row', { name: /Dubai Yard/ });
    expect(row).toHaveTextContent('Noura Al Mansoori');
    expect(row).toHaveTextContent('12345');
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByRole('button', { name: /Inactive locations/ })).toHaveTextContent('1');

    await user.click(within(row).getByRole('checkbox', { name: 'Select Dubai Yard' }));
    await pickOption(user, 'Change status of selected locations', 'Inactive');
    await user.click(within(await findDialog('Set 1 location to inactive?')).getByRole('button', { name: 'Set inactive' }));
    expect(await screen.findByText('1 location updated.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/locations/update-status')).toEqual({ ids: ['l1'], status: 'inActive' });
  });

  it('adds a location with a manager and dependent place lists, and shows a server field error', async () => {
    const { fetch, user } = setup({
      'POST /api/locations/create': {
        status: 409,
        body: { message: 'A location with this title already exists in Al Quoz.', errors: [{ field: 'title', message: 'A location with this title already exists in Al Quoz.' }] },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Add location/ }));
    const dialog = await findDialog('Add location');
    await fill(user, within(dialog).getByLabelText('Title'), 'Dubai Yard');
    await fill(user, within(dialog).getByLabelText('Physical address'), 'Street 12, Al Quoz Industrial 3');
    await fill(user, within(dialog).getByLabelText('Phone'), '04 333 4444');
    await fill(user, within(dialog).getByLabelText('PO BOX'), '12345');
    await pickOption(user, 'General manager', 'Noura Al Mansoori');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Country' }).closest('div')).toHaveTextContent('United Arab Emirates'));
    expect(within(dialog).getByRole('combobox', { name: 'City' })).toBeDisabled();
    await pickOption(user, 'Emirate', 'Dubai');
    await pickOption(user, 'City', 'Al Quoz');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));

    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription('A location with this title already exists in Al Quoz.'));
    const body = lastBody(fetch, '/api/locations/create') as { schedule: unknown[] };
    expect(body).toMatchObject({
      title: 'Dubai Yard',
      physical_address: 'Street 12, Al Quoz Industrial 3',
      phone_number: '04 333 4444',
      fax_number: '12345',
      general_manager: 'u1',
      country: 'United Arab Emirates',
      state: 'Dubai',
      city: 'Al Quoz',
      status: 'active',
    });
    expect(body.schedule[0]).toEqual({ day: 'monday', open: '08:00', close: '17:00', closed: false });
    expect(body.schedule[6]).toEqual({ day: 'sunday', open: null, close: null, closed: true });
  });

  it('checks the schedule in the form: close after open, times unless closed', async () => {
    const broken = weekdays.map((day) => ({ day, open: day === 'monday' ? '17:00' : '08:00', close: day === 'monday' ? '08:00' : '17:00', closed: day === 'sunday' }));
    const { fetch, user } = setup({
      'POST /api/locations/get': { body: { ...list, locations: [location('l1', 'Dubai Yard', 'active', broken)] } },
      'PUT /api/locations/update/l1': { body: location('l1', 'Dubai Yard', 'active') },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Dubai Yard' }));
    const dialog = await findDialog('Edit location');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Schedule' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(dialog).getByRole('switch', { name: 'Monday closed' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Sunday closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Enter the opening time')).not.toHaveLength(0);

    await user.click(within(dialog).getByRole('switch', { name: 'Sunday closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Location updated')).toBeInTheDocument();
    const body = lastBody(fetch, '/api/locations/update/l1') as { schedule: unknown[]; status?: string };
    expect(body.schedule[0]).toEqual({ day: 'monday', open: null, close: null, closed: true });
    expect(body).not.toHaveProperty('status');
  });
});
