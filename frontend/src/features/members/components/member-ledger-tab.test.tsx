import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberLedgerTab } from '@/features/members/components/member-ledger-tab';
import { ledgerEntry, ledgerPageOf } from '@/features/members/test/money-fixtures';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

const entries = [
  ledgerEntry('e3', {
    sequence: 3,
    date: '2026-03-14T08:00:00Z',
    kind: 'payment',
    description: 'Payment PAY-2026-000041 verified (cheque)',
    documentNumber: 'INV-2026-000011',
    invoiceId: 'i1',
    transactionId: 'PAY-2026-000041',
    vehicleId: 'v1',
    vehicleLotNumber: 1001,
    owesUs: -10000,
    deposit: 0,
    owesUsBalance: 15472.5,
    depositBalance: 8500,
  }),
  ledgerEntry('e2', {
    sequence: 2,
    date: '2026-03-12T12:30:00Z',
    kind: 'invoice',
    description: 'Invoice INV-2026-000011 issued',
    documentNumber: 'INV-2026-000011',
    invoiceId: 'i1',
    vehicleId: 'v1',
    vehicleLotNumber: 1001,
    owesUs: 25472.5,
    deposit: 0,
    owesUsBalance: 25472.5,
  }),
  ledgerEntry('e1', { kind: 'refund', description: 'Refund OUT-2026-000004 requested', documentNumber: null, invoiceId: null, transactionId: 'OUT-2026-000004', weOwe: 500, weOweBalance: 500 }),
];

function setup(route: string, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/members/m1/ledger': { body: ledgerPageOf(entries, 12, { owesUs: 15472.5, weOwe: 500, depositHeld: 8500 }) },
  });
  const { router } = renderWithProviders(<MemberLedgerTab memberId="m1" />, { path: '/members/:memberId', route });
  return { fetch, router, user: userEvent.setup() };
}

const bodies = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [sentRequest(fetch, index).body] : []));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the member's 'Ledger'", () => {
  it('asks for the kind and dates of the URL and lists the entries newest first with their movements and balances', async () => {
    const { fetch } = setup('/members/m1?tab=ledger&ledgerKind=payment&ledgerDates=2026-03-01..2026-03-31');
    const table = await screen.findByRole('table', { name: 'Ledger entries' });
    const payment = await within(table).findByRole('row', { name: /PAY-2026-000041 verified/ });
    expect(bodies(fetch, '/api/members/m1/ledger')[0]).toEqual({ kind: 'payment', dateFrom: '2026-03-01', dateTo: '2026-03-31', pageNo: 1, limit: 10 });

    expect(payment).toHaveTextContent('14/03/2026');
    expect(payment).toHaveTextContent('Payment');
    expect(within(payment).getByRole('link', { name: 'INV-2026-000011' })).toHaveAttribute('href', '/invoice-management?invoice=i1');
    expect(within(payment).getByRole('link', { name: '1001' })).toHaveAttribute('href', '/vehicles/v1');
    expect(payment).toHaveTextContent('AED -10,000.00');
    expect(payment).toHaveTextContent('AED 15,472.50');
    // Dubai days: 21:30 UTC on 1 March is 2 March in Dubai.
    const refund = within(table).getByRole('row', { name: /Refund OUT-2026-000004 requested/ });
    expect(refund).toHaveTextContent('02/03/2026');
    expect(refund).toHaveTextContent('Refund requested');
    expect(refund).toHaveTextContent('OUT-2026-000004');
    const rows = within(table).getAllByRole('row').map((row) => row.textContent ?? '');
    expect(rows.findIndex((text) => text.includes('PAY-2026-000041'))).toBeLessThan(rows.findIndex((text) => text.includes('INV-2026-000011 issued')));

    const balances = screen.getByRole('region', { name: 'Balances now' });
    expect(balances).toHaveTextContent('Owes usAED 15,472.50');
    expect(balances).toHaveTextContent('We oweAED 500.00');
    expect(balances).toHaveTextContent('Deposit heldAED 8,500.00');
  });

  it('keeps the kind and the page in the URL; a new filter goes back to the first page', async () => {
    const { fetch, router, user } = setup('/members/m1?tab=ledger');
    await screen.findByRole('row', { name: /PAY-2026-000041 verified/ });
    expect(bodies(fetch, '/api/members/m1/ledger')[0]).toEqual({ pageNo: 1, limit: 10 });

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(bodies(fetch, '/api/members/m1/ledger').at(-1)).toEqual({ pageNo: 2, limit: 10 }));
    expect(router.state.location.search).toBe('?tab=ledger&ledgerPage=2');

    await pickOption(user, 'Filter by kind', 'Refund requested');
    await waitFor(() => expect(bodies(fetch, '/api/members/m1/ledger').at(-1)).toEqual({ kind: 'refund', pageNo: 1, limit: 10 }));
    expect(router.state.location.search).toBe('?tab=ledger&ledgerKind=refund');
  });

  it('exports the filtered entries as CSV and prints the statement of the dates chosen', async () => {
    const { fetch, user } = setup('/members/m1?tab=ledger&ledgerKind=payment&ledgerDates=2026-03-01..2026-03-31');
    const served = fetch.getMockImplementation();
    const files: Record<string, { type: string; name: string }> = {
      '/api/members/m1/ledger/export': { type: 'text/csv', name: 'ledger-784-1990-1234567-6.csv' },
      '/api/members/m1/statement.pdf?dateFrom=2026-03-01&dateTo=2026-03-31': { type: 'application/pdf', name: 'statement-784-1990-1234567-6.pdf' },
    };
    fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const file = files[String(input)];
      return file ? new Response('file', { status: 200, headers: { 'Content-Type': file.type, 'Content-Disposition': `attachment; filename="${file.name}"` } }) : served!(input, init);
    });
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:ledger') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    await screen.findByRole('row', { name: /PAY-2026-000041 verified/ });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['ledger-784-1990-1234567-6.csv']));
    expect(bodies(fetch, '/api/members/m1/ledger/export')).toEqual([{ kind: 'payment', dateFrom: '2026-03-01', dateTo: '2026-03-31' }]);
    expect(await screen.findByText('Exported ledger-784-1990-1234567-6.csv')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Statement PDF/ }));
    await waitFor(() => expect(saved).toEqual(['ledger-784-1990-1234567-6.csv', 'statement-784-1990-1234567-6.pdf']));
  });
});
