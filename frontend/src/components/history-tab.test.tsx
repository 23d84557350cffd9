import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryTab } from '@/components/history-tab';
import { approval, eventList, mockAuditApi, queriesOf, signIn } from '@/test/audit-events';
import { findDialog } from '@/test/dialog';
import { meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

afterEach(() => vi.restoreAllMocks());

describe('HistoryTab', () => {
  it("lists the record's events, newest first, and opens one as its values before and after", async () => {
    const fetch = mockAuditApi({ 'GET /api/audit-events': { body: eventList([approval, signIn]) } });
    renderWithProviders(<HistoryTab entity="member" entityId="m1" />);
    await screen.findByRole('row', { name: /Approved member Omar Al Suwaidi/ });
    const rows = within(screen.getByRole('table', { name: 'History of this record' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Approved member Omar Al Suwaidi'),
      expect.stringContaining('Signed in'),
    ]);
    expect(queriesOf(fetch, '/api/audit-events')).toEqual([{ entity: 'member', entityId: 'm1', pageNo: '1', limit: '10' }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View change: Approved member Omar Al Suwaidi' }));
    expect(await findDialog('Approved member Omar Al Suwaidi')).toHaveTextContent('pending');
  });

  it('pages on the server', async () => {
    const fetch = mockAuditApi({ 'GET /api/audit-events': { body: eventList([approval], { total: 12, totalPages: 2 }) } });
    renderWithProviders(<HistoryTab entity="vehicle" entityId="v1" />);
    await userEvent.setup().click(await screen.findByRole('listitem', { name: '2' }));
    await waitFor(() => expect(queriesOf(fetch, '/api/audit-events').at(-1)).toEqual({ entity: 'vehicle', entityId: 'v1', pageNo: '2', limit: '10' }));
  });

  it('links to the audit log for a role that may view it, and says when nothing was recorded', async () => {
    mockAuditApi({ 'GET /api/audit-events': { body: eventList([]) } });
    renderWithProviders(<HistoryTab entity="invoice" entityId="i1" />);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open in the audit log' })).toHaveAttribute('href', '/audit-log?entity=invoice&record=i1');
  });

  it('offers no audit log link to a role without the Audit log row (Roles view is not it)', async () => {
    mockAuditApi({ 'GET /api/audit-events': { body: eventList([approval]) } }, meWith({ Members: ['view'], Roles: ['view'] }));
    renderWithProviders(<HistoryTab entity="member" entityId="m1" />);
    await screen.findByRole('button', { name: /View change/ });
    expect(screen.queryByRole('link', { name: 'Open in the audit log' })).not.toBeInTheDocument();
  });
});
