import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayoutsReport } from '@/features/reports/api/get-payouts-report';
import type { ReceivablesReport } from '@/features/reports/api/get-receivables';
import type { SalesReport } from '@/features/reports/api/get-sales-by-event';
import type { VatReport } from '@/features/reports/api/get-vat-report';
import { ReportsPage } from '@/features/reports/pages/reports-page';
import * as download from '@/lib/download';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const paging = { totalPages: 3, currentPage: 1, totalMatching: 25 };
const sales: SalesReport = {
  ...paging,
  data: [
    {
      _id: 'e1',
      auctionTitle: 'Dubai Thursday Live Sale',
      saleDate: '2031-05-01',
      lotsRun: 4,
      sold: 3,
      noSale: 1,
      hammerTotal: '75000.00',
      fees: '1400.00',
      vat: '70.00',
    },
  ],
  totals: { events: 25, lotsRun: 100, sold: 70, noSale: 30, hammerTotal: '1750000.00', fees: '35000.00', vat: '1750.00' },
};
const receivables: ReceivablesReport = {
  ...paging,
  asOf: '2031-06-10',
  data: [
    {
      _id: 'i3',
      invoiceNo: 'INV-2031-000003',
      kind: 'invoice',
      memberId: 'm1',
      buyerName: 'Khalid Buyer1',
      issuedAt: '2031-05-01T13:00:00Z',
      dueAt: '2031-05-03T13:00:00Z',
      total: '25472.50',
      paidAmount: '0.00',
      dueAmount: '25472.50',
      daysOverdue: 38,
      bucket: 'days31To60',
    },
  ],
  totals: { invoices: 1, current: '0.00', days1To30: '0.00', days31To60: '25472.50', days61To90: '0.00', over90: '0.00', total: '25472.50' },
};
const payouts: PayoutsReport = {
  ...paging,
  data: [
    {
      _id: 'p1',
      transactionId: 'OUT-2031-000001',
      kind: 'payout',
      status: 'Pending',
      memberId: 'm2',
      memberName: 'Majid Seller1',
      documentNo: 'INV-S-2031-000001',
      lotNumber: 1000,
      method: 'bankTransfer',
      reference: null,
      paidAt: '2031-05-01T13:00:00Z',
      completedAt: null,
      amount: '24475.00',
    },
  ],
  totals: [{ kind: 'payout', status: 'Pending', count: 1, amount: '24475.00' }],
};
const vat: VatReport = {
  ...paging,
  businessTrn: '100123456700003',
  byRate: [
    {
      rate: '5.00',
      salesNet: '1350.00',
      salesVat: '67.50',
      creditNotesNet: '-450.00',
      creditNotesVat: '-22.50',
      sellerFeesNet: '500.00',
      sellerFeesVat: '25.00',
      net: '1400.00',
      vat: '70.00',
    },
  ],
  vatReturn: { standardRatedSupplies: '1400.00', standardRatedVat: '70.00', noVatAmount: '50000.00', totalOutputVat: '70.00' },
  data: [
    {
      _id: 'c1',
      invoiceNo: 'INV-CN-2031-000001',
      kind: 'creditNote',
      issuedAt: '2031-05-01T14:00:00Z',
      partyName: 'Khalid Buyer1',
      partyTrn: null,
      standardNet: '-450.00',
      zeroNet: '-25000.00',
      vat: '-22.50',
    },
  ],
};

function setup(api: MockRoutes = {}, route = '/reports?dates=2031-05-01..2031-05-31') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'POST /api/reports/sales-by-event': { body: sales },
    'POST /api/reports/receivables': { body: receivables },
    'POST /api/reports/payouts': { body: payouts },
    'POST /api/reports/vat': { body: vat },
    ...api,
  });
  const rendered = renderWithProviders(<ReportsPage />, { path: '/reports', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const bodiesOf = (fetch: ReturnType<typeof mockFetch>, url: string) =>
  fetch.mock.calls.flatMap(([called], index) => (called === url ? [sentRequest(fetch, index).body] : []));

afterEach(() => vi.restoreAllMocks());

describe('/reports', () => {
  it('shows sales by event for the period of the URL, with the totals of the whole period', async () => {
    const { fetch } = setup();
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Dubai Thursday Live Sale/ });
    expect(row).toHaveTextContent('01/05/2031Dubai Thursday Live SaleAED 75,000.00431AED 1,400.00AED 70.00');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Events25');
    expect(totals).toHaveTextContent('Hammer totalAED 1,750,000.00');
    expect(bodiesOf(fetch, '/api/reports/sales-by-event').at(-1)).toEqual({ dateFrom: '2031-05-01', dateTo: '2031-05-31', pageNo: 1, limit: 10 });
  });

  it('pages on the server, keeping the page in the URL', async () => {
    const { fetch, router, user } = setup();
    await screen.findByRole('row', { name: /Dubai Thursday Live Sale/ });
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await waitFor(() => expect(bodiesOf(fetch, '/api/reports/sales-by-event').at(-1)).toMatchObject({ pageNo: 2 }));
  });

  it('opens each report in its tab, kept in the URL, back on the first page', async () => {
    const { fetch, router, user } = setup(undefined, '/reports?dates=2031-05-01..2031-05-31&page=2');
    await screen.findByRole('row', { name: /Dubai Thursday Live Sale/ });

    await user.click(screen.getByRole('tab', { name: 'Receivables ageing' }));
    await waitFor(() => expect(router.state.location.search).toBe('?dates=2031-05-01..2031-05-31&tab=receivables'));
    const open = await screen.findByRole('row', { name: /INV-2031-000003/ });
    expect(open).toHaveTextContent('INV-2031-000003AED 25,472.5038' + '31 to 60 daysKhalid Buyer1Tax invoice03/05/2031AED 25,472.50'); // issue day and amount paid hidden by default
    expect(screen.getByText('Open invoices issued in the period, aged on 10/06/2031')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/reports/receivables').at(-1)).toMatchObject({ pageNo: 1 });

    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    const payout = await screen.findByRole('row', { name: /OUT-2031-000001/ });
    expect(payout).toHaveTextContent('OUT-2031-000001AED 24,475.00PayoutPendingMajid Seller1INV-S-2031-0000011000Bank transfer01/05/2031 17:00');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('Payout · Pending1 · AED 24,475.00');

    await user.click(screen.getByRole('tab', { name: 'VAT' }));
    const box = await screen.findByRole('region', { name: 'VAT return (VAT 201)' });
    expect(box).toHaveTextContent('Business TRN100123456700003');
    expect(box).toHaveTextContent('Box 1: standard-rated suppliesAED 1,400.00');
    expect(box).toHaveTextContent('Total output VATAED 70.00');
    const rate = within(screen.getByRole('table', { name: 'Output VAT by rate' })).getByRole('row', { name: /5%/ });
    expect(rate).toHaveTextContent('5%AED 1,350.00 net · AED 67.50 VATAED -450.00 net · AED -22.50 VATAED 500.00 net · AED 25.00 VATAED 1,400.00AED 70.00');
    expect(await screen.findByRole('row', { name: /INV-CN-2031-000001/ })).toHaveTextContent('Credit note');
  });

  it('downloads the open report for the period as CSV and XLSX under the server file name', async () => {
    const saved = vi.spyOn(download, 'saveBlob').mockImplementation(() => undefined);
    const { fetch, user } = setup({ 'POST /api/reports/vat/export': { body: 'Document,Kind' } }, '/reports?tab=vat&dates=2031-05-01..2031-05-31');
    await screen.findByRole('region', { name: 'VAT return (VAT 201)' });
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: /Download XLSX/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(bodiesOf(fetch, '/api/reports/vat/export')).toEqual([
      { dateFrom: '2031-05-01', dateTo: '2031-05-31', format: 'csv' },
      { dateFrom: '2031-05-01', dateTo: '2031-05-31', format: 'xlsx' },
    ]);
    expect(saved.mock.calls.map(([, name]) => name)).toEqual(['vat.csv', 'vat.xlsx']);
  });

  it("shows the server's sentence when a period is refused", async () => {
    const message = 'The period ends before it starts: choose an end date on or after the start date.';
    setup({ 'POST /api/reports/sales-by-event': { status: 422, body: { message, errors: [{ field: 'dateTo', message }] } } }, '/reports?dates=2031-05-31..2031-05-01');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
