import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approval, eventList, mockAuditApi, queriesOf, signIn, type Answer } from '@/test/audit-events';
import { AuditLogPage } from '@/features/audit/pages/audit-log-page';
import * as download from '@/lib/download';
import { findDialog } from '@/test/dialog';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

function setup(routes: Record<string, Answer> = {}, route = '/audit-log') {
  const fetch = mockAuditApi({ 'GET /api/audit-events': { body: eventList([approval, signIn]) }, ...routes });
  const rendered = renderWithProviders(<AuditLogPage />, { path: '/audit-log', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

describe('/audit-log', () => {
  it('lists each event with when in Dubai, who, the action in words, the record, IP and device', async () => {
    const { fetch } = setup();
    const row = await screen.findByRole('row', { name: /Approved member Omar Al Suwaidi/ });
    for (const text of ['25/11/2026 10:30', 'Mariam Haddad', 'mariam@example.com', 'Member: Omar Al Suwaidi', '10.0.0.7', 'Chrome 120.0 on Windows 10 (Desktop computer)']) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(row).getByRole('link', { name: 'Omar Al Suwaidi' })).toHaveAttribute('href', '/members/m1');
    const other = screen.getByRole('row', { name: /Signed in/ });
    expect(other).toHaveTextContent('left@example.com (user deleted)');
    expect(other).toHaveTextContent('Not recorded');
    expect(queriesOf(fetch, '/api/audit-events')).toEqual([{ sortOrder: 'desc', pageNo: '1', limit: '10' }]);
  });

  it('opens an action as its values before and after, side by side, the changed ones marked', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'View change: Approved member Omar Al Suwaidi' }));
    const dialog = await findDialog('Approved member Omar Al Suwaidi');
    const table = within(dialog).getByRole('table', { name: 'Values before and after' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Field', 'Before', 'After']);
    const status = within(table).getByRole('row', { name: /Status/ });
    expect(within(status).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Status', 'pending', 'approvedchanged']);
    expect(within(within(table).getByRole('row', { name: /Reason/ })).queryByText('changed')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Chrome 120.0 on Windows 10 (Desktop computer)');
  });

  it('sends the filters of the URL and keeps a new one there, back on page 1', async () => {
    const { fetch, user, router } = setup({}, '/audit-log?module=Members&entity=member&record=m1&dates=2026-11-01..2026-11-30&page=2');
    await screen.findByRole('row', { name: /Approved member/ });
    expect(queriesOf(fetch, '/api/audit-events')[0]).toEqual({
      module: 'Members',
      entity: 'member',
      entityId: 'm1',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      sortOrder: 'desc',
      pageNo: '2',
      limit: '10',
    });
    await pickOption(user, 'Staff user', 'Mariam Haddad (mariam@example.com)');
    await waitFor(() => expect(queriesOf(fetch, '/api/audit-events').at(-1)).toMatchObject({ actorId: 'u1', pageNo: '1' }));
    expect(router.state.location.search).toContain('staff=u1');
    await pickOption(user, 'Action', 'Member: status changed');
    await waitFor(() => expect(queriesOf(fetch, '/api/audit-events').at(-1)).toMatchObject({ action: 'member.status_changed' }));
  });

  it('searches in the words staff use, kept in the URL, with the record id box still there for links', async () => {
    const { fetch, user, router } = setup({}, '/audit-log?page=3');
    await screen.findByRole('row', { name: /Approved member/ });
    const box = screen.getByRole('searchbox', { name: 'Search the audit log' });
    expect(box).toHaveAttribute('placeholder', 'Lot, VIN, invoice or payment number, member or staff name');
    await fill(user, box, 'INV-2026-00011');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(queriesOf(fetch, '/api/audit-events').at(-1)).toMatchObject({ search: 'INV-2026-00011', pageNo: '1' }));
    expect(router.state.location.search).toContain('search=INV-2026-00011');
    expect(screen.getByRole('searchbox', { name: 'Record id' })).toBeInTheDocument();
  });

  it('leaves out a record id without its type, and says when the count stopped at its limit', async () => {
    const { fetch } = setup({ 'GET /api/audit-events': { body: eventList([approval], { total: 100000, totalIsCapped: true, totalPages: 10000 }) } }, '/audit-log?record=m1');
    expect(await screen.findByText('More than 100000 events match: narrow the filters to see them all.')).toBeInTheDocument();
    expect(queriesOf(fetch, '/api/audit-events')[0]).not.toHaveProperty('entityId');
  });

  it('exports the filtered events as the server names the file', async () => {
    const saved: string[] = [];
    vi.spyOn(download, 'saveBlob').mockImplementation((_blob, name) => void saved.push(name));
    const { fetch, user } = setup(
      { 'GET /api/audit-events/export.csv': { body: 'When (Asia/Dubai)\n', headers: { 'content-disposition': 'attachment; filename="audit-log.csv"' } } },
      '/audit-log?module=Members',
    );
    await user.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['audit-log.csv']));
    expect(queriesOf(fetch, '/api/audit-events/export.csv')).toEqual([{ module: 'Members', sortOrder: 'desc' }]);
  });

  it("shows the server's sentence when a filter is refused", async () => {
    setup({ 'GET /api/audit-events': { status: 422, body: { message: 'The end date must be on or after the start date.', errors: [] } } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
  });
});
