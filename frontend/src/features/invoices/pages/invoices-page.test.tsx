import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoicesPage } from '@/features/invoices/pages/invoices-page';
import { invoiceDetail, invoiceList, invoiceOut, paymentOf } from '@/features/invoices/test/invoice-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const creditNote = invoiceOut({
  _id: 'c1',
  invoiceNo: 'INV-CN-2031-000001',
  kind: 'creditNote',
  status: 'issued',
  total: -25472.5,
  creditFor: 'i0',
  voidReason: 'Buyer withdrew before paying',
  invoiceCreatedDate: '2031-04-20T09:00:00Z',
  canRecordPayment: { allowed: false, reason: 'INV-CN-2031-000001 is a credit note; payments are recorded against sale, deposit and penalty invoices.' },
});

/** A new buyer's security deposit: no vehicle, no VAT, nothing paid yet. */
const depositInvoice = invoiceDetail({
  _id: 'd1',
  invoiceNo: 'INV-D-2031-000001',
  kind: 'deposit',
  vehicle: null,
  saleDate: null,
  subtotal: 10000,
  vatTotal: 0,
  total: 10000,
  dueAmount: 10000,
  buyer: { _id: 'm9', name: 'Mariam Bidder9', trn: null },
  lines: [{ _id: 'l9', kind: 'deposit', description: 'Security deposit: Gold plan (refundable; not subject to VAT)', serviceDate: null, quantity: 1, unitAmount: 10000, amount: 10000, vatRate: 0, vat: 0, total: 10000 }],
});

function setup(api: MockRoutes = {}, route = '/invoice-management', grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/invoices/get': (init) => {
      const body = JSON.parse(String(init?.body)) as { kind?: string };
      return { body: body.kind === 'creditNote' ? invoiceList([creditNote]) : invoiceList() };
    },
    'GET /api/invoices/i1': { body: invoiceDetail() },
    'POST /api/payment/get-payments': { body: { data: [paymentOf()], totalPages: 1, currentPage: 1, totalMatching: 1, totals: {} } },
    ...api,
  });
  const rendered = renderWithProviders(<InvoicesPage />, { path: '/invoice-management', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const bodies = (fetch: ReturnType<typeof mockFetch>, url: string) =>
  fetch.mock.calls.flatMap(([called], index) => (called === url ? [sentRequest(fetch, index).body as Record<string, unknown>] : []));
const lastListBody = (fetch: ReturnType<typeof mockFetch>) => bodies(fetch, '/api/invoices/get').filter((body) => body.kind !== 'creditNote').at(-1);

/** The value cell of a row of the drawer's details, by its label. */
function detail(drawer: HTMLElement, label: string): HTMLElement {
  const cell = within(drawer).getByText(label, { selector: 'th span' }).closest('th')?.nextElementSibling;
  if (!(cell instanceof HTMLElement)) throw new Error(`No detail "${label}"`);
  return cell;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/invoice-management', () => {
  it('shows the count of each state and what is still to pay on the open ones (the others: their totals); a card filters the list and a second click clears it', async () => {
    const { fetch, router, user } = setup();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const overdue = within(summary).getByRole('button', { name: /^Overdue/ });
    await waitFor(() => expect(overdue).toHaveTextContent('Overdue2AED 41,445.00 still to pay'));
    expect(within(summary).getByRole('button', { name: /^Partly paid/ })).toHaveTextContent('1AED 30,000.50 still to pay');
    expect(within(summary).getByRole('button', { name: /^Paid/ })).toHaveTextContent('7AED 230,000.00');
    expect(within(summary).getByRole('button', { name: /^Cancelled/ })).toHaveTextContent('Cancelled0AED 0.00');

    await user.click(overdue);
    await waitFor(() => expect(router.state.location.search).toBe('?status=overdue'));
    await waitFor(() => expect(lastListBody(fetch)).toMatchObject({ status: 'overdue', pageNo: 1 }));
    expect(overdue).toHaveAttribute('aria-pressed', 'true');
    await user.click(overdue);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lists invoices with dates in Dubai, buyer, lot, amounts and state', async () => {
    setup();
    const row = await screen.findByRole('row', { name: /INV-2031-000001/ });
    expect(row).toHaveTextContent('INV-2031-000001AED 25,472.50UnpaidAED 25,472.5001/05/203103/05/2031Khalid Buyer1Lot 1000 · Nissan Patrol LE');
  });

  it('reads search and filters from the URL and leaves out a state it does not know', async () => {
    const { fetch } = setup({}, '/invoice-management?search=patrol&status=lost&kind=creditNote&dates=2031-05-01..2031-05-31&buyer=m1');
    await screen.findByRole('table', { name: 'Invoices' });
    await waitFor(() =>
      expect(bodies(fetch, '/api/invoices/get')[0]).toEqual({ pageNo: 1, limit: 10, search: 'patrol', kind: 'creditNote', dateFrom: '2031-05-01', dateTo: '2031-05-31', memberId: 'm1' }),
    );
  });

  it('opens an invoice from its number: lines with net, VAT rate, VAT and total, the figures, payments and credit notes', async () => {
    const { router, user } = setup();
    await user.click(await screen.findByRole('link', { name: 'INV-2031-000001' }));
    await waitFor(() => expect(router.state.location.search).toBe('?invoice=i1'));
    const drawer = await findDialog('Invoice INV-2031-000001');
    const lines = await within(drawer).findByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByRole('row', { name: /Buyer fee up to 30,000 AED/ })).toHaveTextContent('AED 350.005%AED 17.50AED 367.50');
    expect(within(lines).getByRole('row', { name: /Lot 1000 · Nissan Patrol LE · VIN/ })).toHaveTextContent('AED 25,000.000%AED 0.00AED 25,000.00');
    expect(within(lines).getByText('Subtotal (net)').closest('tr')).toHaveTextContent('AED 25,450.00');
    expect(within(lines).getByText('Total (AED)').closest('tr')).toHaveTextContent('AED 25,472.50');
    expect(detail(drawer, 'Issued')).toHaveTextContent('01/05/2031');
    expect(detail(drawer, 'Due date')).toHaveTextContent('03/05/2031');
    expect(detail(drawer, 'Still to pay')).toHaveTextContent('AED 25,472.50');
    expect(within(drawer).getByRole('link', { name: 'Lot 1000' })).toHaveAttribute('href', '/vehicles/v1');
    expect(within(drawer).getByRole('link', { name: 'Khalid Buyer1' })).toHaveAttribute('href', '/members/m1');
    expect(within(drawer).getByText('Emirates Motor Auctions LLC · TRN 100234567890003')).toBeInTheDocument();
    const payments = await within(drawer).findByRole('table', { name: 'Payments of the invoice' });
    expect(within(payments).getByRole('row', { name: /PAY-2031-000001/ })).toHaveTextContent('01/05/2031 18:00Card · SLIP-0042AED 10,000.00Waiting for verificationRecorded by Amira Haddad');
    expect(await within(drawer).findByText('No credit notes.')).toBeInTheDocument();
  });

  it('downloads the PDF under the server’s file name', async () => {
    const { fetch, user } = setup({}, '/invoice-management?invoice=i1');
    const served = fetch.getMockImplementation();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === '/api/invoices/i1/pdf'
          ? new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="INV-2031-000001.pdf"' } })
          : served!(input, init),
      ),
    );
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:invoice') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const drawer = await findDialog('Invoice INV-2031-000001');
    await user.click(within(drawer).getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(saved).toEqual(['INV-2031-000001.pdf']));
  });

  it('voids only with a reason, and shows the server’s refusal when payments exist', async () => {
    const refusal = 'INV-2031-000001 has payments recorded against it; it can no longer be cancelled.';
    const { fetch, user } = setup({ 'PUT /api/invoices/i1/void': { status: 409, body: { message: refusal, errors: [] } } }, '/invoice-management?invoice=i1');
    const drawer = await findDialog('Invoice INV-2031-000001');
    await user.click(within(drawer).getByRole('button', { name: /Void/ }));
    const ask = await findDialog('Void INV-2031-000001?');
    await user.click(within(ask).getByRole('button', { name: 'Void invoice' }));
    expect(await within(ask).findByText('Please give the reason.')).toBeInTheDocument();
    await fill(user, within(ask).getByLabelText('Reason'), 'Buyer withdrew before paying');
    await user.click(within(ask).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(bodies(fetch, '/api/invoices/i1/void')).toEqual([{ reason: 'Buyer withdrew before paying' }]);
  });

  it('records a payment from the drawer with what is still open, and shows the invoice again', async () => {
    const { fetch, user } = setup(
      { 'POST /api/payments/inbound': { status: 201, body: { message: 'PAY-2031-000002 recorded; it waits for verification.', data: paymentOf() } } },
      '/invoice-management?invoice=i1',
    );
    const drawer = await findDialog('Invoice INV-2031-000001');
    await user.click(within(drawer).getByRole('button', { name: /Record payment/ }));
    const dialog = await findDialog('Record payment for INV-2031-000001');
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('25472.50');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }).closest('label')!);
    const detailLoads = fetch.mock.calls.filter(([url]) => url === '/api/invoices/i1').length;
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('PAY-2031-000002 recorded; it waits for verification.')).toBeInTheDocument();
    expect(bodies(fetch, '/api/payments/inbound')[0]).toMatchObject({ invoiceId: 'i1', amount: '25472.50', paymentMethod: 'cash', paymentReferenceId: null });
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/invoices/i1').length).toBeGreaterThan(detailLoads));
  });

  it("records a payment from a new buyer's deposit invoice's drawer, never from the deposit itself, and lists its payments", async () => {
    const { fetch, user } = setup(
      {
        'GET /api/invoices/d1': { body: depositInvoice },
        'POST /api/payments/inbound': { status: 201, body: { message: 'PAY-2031-000003 recorded; it waits for verification.', data: paymentOf() } },
      },
      '/invoice-management?invoice=d1',
    );
    const drawer = await findDialog('Invoice INV-D-2031-000001');
    expect(within(drawer).getByRole('table', { name: 'Payments of the invoice' })).toBeInTheDocument();
    expect(detail(drawer, 'Still to pay')).toHaveTextContent('AED 10,000.00');
    await user.click(within(drawer).getByRole('button', { name: /Record payment/ }));
    const dialog = await findDialog('Record payment for INV-D-2031-000001');
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('10000.00');
    expect(within(dialog).queryByRole('radio', { name: 'From the deposit' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }).closest('label')!);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('PAY-2031-000003 recorded; it waits for verification.')).toBeInTheDocument();
    expect(bodies(fetch, '/api/payments/inbound')[0]).toMatchObject({ invoiceId: 'd1', amount: '10000.00', paymentMethod: 'cash' });
  });

  it('keeps Record payment disabled with the server’s reason while what is open waits for verification', async () => {
    const reason = 'INV-D-2031-000001 has nothing left to pay: the payments recorded against it wait for verification.';
    const { user } = setup({ 'GET /api/invoices/d1': { body: { ...depositInvoice, pendingAmount: 10000, canRecordPayment: { allowed: false, reason } } } }, '/invoice-management?invoice=d1');
    const drawer = await findDialog('Invoice INV-D-2031-000001');
    const button = within(drawer).getByRole('button', { name: /Record payment/ });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('shows a credit note with the invoice it cancels, and neither payment nor void', async () => {
    setup(
      {
        'GET /api/invoices/c1': { body: invoiceDetail({ ...creditNote, lines: [] }) },
        'GET /api/invoices/i0': { body: invoiceDetail({ _id: 'i0', invoiceNo: 'INV-2031-000000', status: 'cancelled' }) },
      },
      '/invoice-management?invoice=c1',
    );
    const drawer = await findDialog('Credit note INV-CN-2031-000001');
    expect(await within(drawer).findByRole('link', { name: 'INV-2031-000000' })).toHaveAttribute('href', '/invoice-management?invoice=i0');
    expect(within(drawer).getByText('Buyer withdrew before paying')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Void/ })).not.toBeInTheDocument();
  });

  it('offers only the PDF to a role that may view payments but not record or void them', async () => {
    setup({}, '/invoice-management?invoice=i1', { Payments: ['view'] });
    const drawer = await findDialog('Invoice INV-2031-000001');
    expect(within(drawer).getByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Void/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Lot 1000' })).not.toBeInTheDocument();
    expect(detail(drawer, 'Vehicle')).toHaveTextContent('Lot 1000 · Nissan Patrol LE · VIN 1HGCM82633A004352');
  });
});
