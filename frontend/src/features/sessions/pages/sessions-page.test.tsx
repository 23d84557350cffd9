import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@/features/sessions/api/get-staff-sessions';
import { SessionsPage } from '@/features/sessions/pages/sessions-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const row = (id: string, fullName: string, email: string, isCurrent = false): StaffSession => ({
  _id: id,
  userId: `u-${id}`,
  fullName,
  email,
  roleName: isCurrent ? 'Administrator' : 'Cashier',
  deviceName: 'Desktop computer',
  operatingSystem: 'Windows 10',
  browserName: 'Chrome 120.0',
  ipAddress: '10.0.0.7',
  signedInAt: '2026-11-25T05:00:00Z',
  lastActiveAt: '2026-11-25T06:30:00Z',
  isCurrent,
});
const sessions = {
  data: [row('s1', 'Omar Al Suwaidi', 'omar@example.com'), row('s0', 'Amira Haddad', 'admin@example.com', true)],
  totalMatching: 2,
  totalPages: 1,
  currentPage: 1,
};

function setup(api: MockRoutes = {}, me = meWith(EVERYTHING)) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: me }, 'POST /api/staff-sessions/get': { body: sessions }, ...api });
  const { router } = renderWithProviders(<SessionsPage />, { path: '/sessions', route: '/sessions' });
  return { fetch, router, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.filter(([called]) => called === url);
const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url)).body;

afterEach(() => {
  vi.useRealTimers();
});

describe('/sessions', () => {
  it('lists each live session with user, role, device, system, browser, IP and Dubai times', async () => {
    // The device and the system shown (hidden by default, issue 29).
    const shown = [{ key: 'device', visible: true }, { key: 'system', visible: true }];
    const { fetch } = setup({ 'GET /api/me/preferences': { body: { density: 'comfortable', lists: { sessions: { columns: shown } } } } });
    const omar = await screen.findByRole('row', { name: /Omar Al Suwaidi/ });
    for (const text of ['omar@example.com', 'Cashier', 'Desktop computer', 'Windows 10', 'Chrome 120.0', '10.0.0.7', '25/11/2026 09:00', '25/11/2026 10:30']) {
      expect(omar).toHaveTextContent(text);
    }
    expect(lastBody(fetch, '/api/staff-sessions/get')).toEqual({ pageNo: 1, limit: 10, sortOrder: 'desc' });
  });

  it('tags your own session and offers no End button on it', async () => {
    setup();
    const own = await screen.findByRole('row', { name: /Amira Haddad/ });
    expect(within(own).getByText('This session')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Omar Al Suwaidi/ })).queryByText('This session')).not.toBeInTheDocument();
  });

  it('ends a session after the confirmation and shows the answer', async () => {
    const { fetch, user } = setup({
      'PUT /api/staff-sessions/s1/end': { body: { message: "Omar Al Suwaidi's session has ended. They are signed out.", data: sessions.data[0] } },
    });
    await user.click(await screen.findByRole('button', { name: 'End session of Omar Al Suwaidi' }));
    const dialog = await findDialog('End this session?');
    expect(dialog).toHaveTextContent('Omar Al Suwaidi (omar@example.com) will be signed out of Chrome 120.0 on Windows 10 at once');
    expect(calls(fetch, '/api/staff-sessions/s1/end')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText("Omar Al Suwaidi's session has ended. They are signed out.")).toBeInTheDocument();
    expect(calls(fetch, '/api/staff-sessions/s1/end')).toHaveLength(1);
    await waitFor(() => expect(calls(fetch, '/api/staff-sessions/get')).toHaveLength(2));
  });

  it("shows the server's sentence when the session ended meanwhile, and refreshes the list", async () => {
    const refused = "Omar Al Suwaidi's session has already ended (they signed out). Refresh the list to see the live sessions.";
    const { fetch, user } = setup({ 'PUT /api/staff-sessions/s1/end': { status: 409, body: { message: refused, errors: [] } } });
    await user.click(await screen.findByRole('button', { name: 'End session of Omar Al Suwaidi' }));
    await user.click(within(await findDialog('End this session?')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    await waitFor(() => expect(calls(fetch, '/api/staff-sessions/get')).toHaveLength(2));
  });

  it('does not end anything when the confirmation is cancelled', async () => {
    const { fetch, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'End session of Omar Al Suwaidi' }));
    await user.click(within(await findDialog('End this session?')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch, '/api/staff-sessions/s1/end')).toHaveLength(0);
  });

  it('searches by name or email and sorts by last activity, kept in the URL', async () => {
    const { fetch, router, user } = setup();
    await screen.findByRole('row', { name: /Omar Al Suwaidi/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'omar{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=omar'));
    await waitFor(() => expect(lastBody(fetch, '/api/staff-sessions/get')).toMatchObject({ search: 'omar', pageNo: 1 }));
    await user.click(screen.getByRole('columnheader', { name: /Last activity/ }));
    await waitFor(() => expect(lastBody(fetch, '/api/staff-sessions/get')).toMatchObject({ sortBy: 'lastActiveAt', sortOrder: 'asc' }));
  });

  it('looks again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch } = setup();
    await screen.findByRole('row', { name: /Omar Al Suwaidi/ });
    expect(calls(fetch, '/api/staff-sessions/get')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(calls(fetch, '/api/staff-sessions/get')).toHaveLength(2));
  });

  it('shows no access, and asks nothing, to a role without the Sessions row (Users edit is not it)', async () => {
    const { fetch } = setup({}, meWith({ Users: ['view', 'edit'] }));
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(calls(fetch, '/api/staff-sessions/get')).toHaveLength(0);
  });

  it('lists the sessions without End session to a role with Sessions view but not Delete', async () => {
    setup({}, meWith({ Sessions: ['view'] }));
    const omar = await screen.findByRole('row', { name: /Omar Al Suwaidi/ });
    expect(within(omar).queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
  });

  it('shows the server message when the list cannot be loaded', async () => {
    setup({ 'POST /api/staff-sessions/get': { status: 500, body: { message: 'Internal error', requestId: 'r1' } } });
    expect(await screen.findByText('Internal error')).toBeInTheDocument();
  });
});
