import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CalendarPage } from '@/features/auctions/pages/calendar-page';
import { calendarEventFixture } from '@/features/auctions/test/auction-fixtures';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
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

function setup(route: string, api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/locations/get': { body: yards },
    'POST /api/auction-event/calendar': {
      body: {
        data: [
          calendarEventFixture('e1'),
          calendarEventFixture('e2', { auctionTitle: 'Sharjah Online Sale', auctionType: 'Online', startDate: '2031-05-14T06:00:00Z', endDate: '2031-05-14T08:00:00Z', auctionEventStatus: 'draft' }),
        ],
      },
    },
    ...api,
  });
  const rendered = renderWithProviders(<CalendarPage />, { path: '/calendar', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

/**
 * The link of an event, found by its title. FullCalendar keeps an event hidden until it has measured its cell and
 * jsdom measures nothing, so the link has no accessible name here; a browser shows it (e2e/auction-lists.spec.ts).
 */
async function eventLink(title: string): Promise<HTMLElement> {
  const link = (await screen.findByText(title)).closest('a');
  if (!link) throw new Error(`${title} is not a link`);
  return link;
}

const lastCalendarCall = (fetch: ReturnType<typeof mockFetch>) => {
  const index = fetch.mock.calls.map(([called]) => called).lastIndexOf('/api/auction-event/calendar');
  return sentRequest(fetch, index).body;
};

describe('calendar', { timeout: 40_000 }, () => {
  it("shows a month's events in Dubai time, each a link to its event, and asks for the month's six weeks", async () => {
    const { fetch } = setup('/calendar?date=2031-05-01');
    expect(await screen.findByRole('heading', { name: 'May 2031' })).toBeInTheDocument();
    const thursday = await eventLink('Dubai Thursday Live Sale');
    expect(thursday).toHaveAttribute('href', '/auction-events/e1');
    expect(thursday).toHaveTextContent('16:00');
    expect(within(thursday).getByTitle('Dubai Thursday Live Sale: Published at Al Quoz Yard, 4 vehicles')).toBeInTheDocument();
    expect(await eventLink('Sharjah Online Sale')).toHaveTextContent('10:00');
    expect(lastCalendarCall(fetch)).toEqual({ dateFrom: '2031-04-28', dateTo: '2031-06-08' });
    expect(screen.getByRole('list', { name: 'Event statuses' })).toHaveTextContent('DraftUnpublishedPublishedCompleted');
  });

  it('wraps a long title within its day in month view, the whole title kept and given on hover', async () => {
    const long = 'Dubai Thursday Live Sale of Classic, Vintage and Collector Cars with the Al Quoz Yard Specials';
    setup('/calendar?date=2031-05-01', {
      'POST /api/auction-event/calendar': { body: { data: [calendarEventFixture('e1', { auctionTitle: long })] } },
    });
    const title = await screen.findByText(long);
    expect(title).toHaveStyle({ whiteSpace: 'normal', overflowWrap: 'anywhere' });
    expect(title).toHaveAttribute('title', `${long}: Published at Al Quoz Yard, 4 vehicles`);
  });

  it('opens an event page when an event is clicked', async () => {
    const { user } = setup('/calendar?date=2031-05-01');
    await user.click(await eventLink('Dubai Thursday Live Sale'));
    expect(await screen.findByText('path: /auction-events/e1')).toBeInTheDocument();
  });

  it('moves by week and month, filters by location and type, and keeps it all in the URL', async () => {
    const { fetch, user, router } = setup('/calendar?date=2031-05-01');
    await screen.findByRole('heading', { name: 'May 2031' });
    await user.click(screen.getByText('Week'));
    expect(await screen.findByRole('heading', { name: '28/04/2031 to 04/05/2031' })).toBeInTheDocument();
    await waitFor(() => expect(lastCalendarCall(fetch)).toEqual({ dateFrom: '2031-04-28', dateTo: '2031-05-04' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: '05/05/2031 to 11/05/2031' })).toBeInTheDocument();

    await pickOption(user, 'Filter by location', 'Al Quoz Yard (Al Quoz)');
    await pickOption(user, 'Filter by auction type', 'Live');
    await waitFor(() => expect(lastCalendarCall(fetch)).toEqual({ dateFrom: '2031-05-05', dateTo: '2031-05-11', location: 'loc1', auctionType: 'Live' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ date: '2031-05-08', view: 'week', location: 'loc1', type: 'Live' });

    await user.click(screen.getByText('Month'));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'April 2031' })).toBeInTheDocument();
  });

  it("toasts the fallback when the events can't be loaded", async () => {
    setup('/calendar', { 'POST /api/auction-event/calendar': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch calendar events')).toBeInTheDocument();
  });
});
