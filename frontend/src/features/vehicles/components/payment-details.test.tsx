import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoicePayment } from '@/features/vehicles/api/get-invoice-payments';
import type { GatePass } from '@/features/vehicles/api/get-gate-passes';
import type { VehicleInvoice } from '@/features/vehicles/api/get-vehicle-invoices';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { PaymentDetails } from '@/features/vehicles/components/payment-details';
import { vehicle } from '@/features/vehicles/test/vehicle-fixture';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const buyer = { _id: 'b1', firstName: 'Huda', lastName: 'Buyer', companyName: null, email: 'huda@example.com', phone: '+971501110000', memberEntity: 'individual', status: 'approved' };

/** An invoice as POST /api/invoices/get answers it: sold on 12/03/2026, due 48 hours later. */
function invoice(id: string, number: string, fields: Partial<VehicleInvoice> = {}): VehicleInvoice {
  return {
    _id: id,
    invoiceNo: number,
    kind: 'invoice',
    status: 'unpaid',
    invoiceCreatedDate: '2026-03-12T12:30:00Z',
    dueDate: '2026-03-14T12:30:00Z',
    saleDate: '2026-03-12',
    subtotal: 120450,
    vatTotal: 22.5,
    total: 120472.5,
    paidAmount: 0,
    pendingAmount: 0,
    dueAmount: 120472.5,
    overdueAmount: 0,
    daysOverdue: 0,
    buyer: { _id: 'b1', name: 'Huda Buyer', trn: null },
    vehicle: { _id: 'v1', vehicleLotNumber: 1001, title: 'Toyota Land Cruiser 1001', vinNumber: '1HGCM8269KA001001' },
    creditFor: null,
    voidReason: null,
    storageThrough: null,
    canRecordPayment: { allowed: true, reason: null },
    ...fields,
  };
}

function payment(id: string, fields: Partial<InvoicePayment> = {}): InvoicePayment {
  return {
    _id: id,
    transactionId: `PAY-2026-00000${id.slice(-1)}`,
    direction: 'inbound',
    kind: 'payment',
    amount: 120472.5,
    paidAmount: 120472.5,
    paymentMethod: 'card',
    paymentReferenceId: 'SLIP-7781',
    paymentDateAndTime: '2026-03-12T14:00:00Z',
    paymentConfirmationStatus: 'Verified',
    status: 'Verified',
    paymentStatus: 'paid',
    invoice: { _id: 'i2', invoiceNo: 'INV-2026-000002', status: 'paid', total: 120472.5, dueAmount: 0, dueDate: '2026-03-14T12:30:00Z' },
    buyer: { _id: 'b1', name: 'Huda Buyer' },
    member: { _id: 'b1', name: 'Huda Buyer' },
    vehicle: { _id: 'v1', vehicleLotNumber: 1001, title: 'Toyota Land Cruiser 1001', vinNumber: '1HGCM8269KA001001' },
    recordedBy: { _id: 'u1', name: 'Omar Cashier' },
    verifiedBy: { _id: 'u2', name: 'Sara Finance' },
    verifiedAt: '2026-03-12T15:00:00Z',
    rejectReason: null,
    createdAt: '2026-03-12T14:05:00Z',
    ...fields,
  };
}

function gatePass(id: string, fields: Partial<GatePass> = {}): GatePass {
  return {
    _id: id,
    vehicleId: 'v1',
    invoiceId: 'i2',
    status: 'Generated',
    code: 'K7PX-4MQ9',
    issuedAt: '2026-03-12T16:00:00Z',
    validUntil: '2099-03-14T16:00:00Z',
    scannedAt: null,
    pickedUpAt: null,
    driverName: null,
    driverEmiratesId: null,
    ...fields,
  };
}

const list = <T,>(data: T[]) => ({ body: { data, totalPages: 1, currentPage: 1, totalMatching: data.length, totals: {} } });

const sold = (fields: Partial<Vehicle> = {}) =>
  vehicle('v1', 1001, { status: 'sold', soldFor: 120000, isPaid: true, buyerInfo: { buyerProfile: buyer }, invoice: { _id: 'i2', invoiceNo: 'INV-2026-000002', status: 'paid', dueAmount: 0 }, ...fields });

function setup(shown: Vehicle, api: MockRoutes = {}, grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/invoices/get': list([]),
    'GET /api/gate-passes/vehicle/v1': { body: { data: [] } },
    ...api,
  });
  renderWithProviders(<PaymentDetails vehicle={shown} />, { path: '/vehicles/:vehicleId', route: '/vehicles/v1?tab=payment' });
  return { fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.filter(([called]) => called === url);

/** The file names saved through a download link. */
let saved: string[] = [];

// jsdom has no object URLs: a stand-in that hands out one URL and forgets it (saveBlob revokes it a second later,
// perhaps after this file, so it stays defined).
if (!('createObjectURL' in URL)) {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:document' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
}

beforeEach(() => {
  saved = [];
  // The download link's click is where the browser saves the file: its name is what it would be saved under.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe('Payment Details', () => {
  it("lists the vehicle's invoices and credit notes with state, figures and Dubai due date, the payments of its invoice, and downloads a PDF", async () => {
    const current = invoice('i2', 'INV-2026-000002', { status: 'paid', paidAmount: 120472.5, dueAmount: 0, invoiceCreatedDate: '2026-03-12T13:00:00Z' });
    const cancelled = invoice('i1', 'INV-2026-000001', { status: 'cancelled', dueAmount: 0, voidReason: 'Wrong hammer price' });
    const note = invoice('c1', 'INV-CN-2026-000001', { kind: 'creditNote', status: 'issued', creditFor: 'i1', total: -120472.5, subtotal: -120450, vatTotal: -22.5, dueAmount: 0, dueDate: null });
    const rejected = payment('p1', { paymentConfirmationStatus: 'Rejected', paidAmount: 0, paymentMethod: 'bankTransfer', paymentReferenceId: 'TRX-1', rejectReason: 'Not on the statement', verifiedBy: { _id: 'u2', name: 'Sara Finance' } });
    const { fetch, user } = setup(sold(), {
      'POST /api/invoices/get': list([current, note, cancelled]),
      'POST /api/payment/get-payments': list([payment('p2'), rejected]),
      'GET /api/invoices/i2/pdf': { body: '%PDF-1.4' },
    });

    const documents = await screen.findByRole('table', { name: 'Invoices and credit notes' });
    const paid = within(documents).getByRole('row', { name: /INV-2026-000002/ });
    expect(within(paid).getByRole('link', { name: 'INV-2026-000002' })).toHaveAttribute('href', '/invoice-management?invoice=i2');
    expect(paid).toHaveTextContent('Tax invoice');
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('12/03/2026');
    expect(paid).toHaveTextContent('14/03/2026'); // the due day, as every screen shows a due date
    expect(paid).not.toHaveTextContent('16:30');
    expect(paid).toHaveTextContent('AED 120,472.50');
    expect(paid).toHaveTextContent('AED 0.00');
    const credit = within(documents).getByRole('row', { name: /INV-CN-2026-000001/ });
    expect(credit).toHaveTextContent('Credit note');
    expect(credit).toHaveTextContent('Issued');
    expect(credit).toHaveTextContent('Cancels INV-2026-000001');
    expect(credit).toHaveTextContent('AED -120,472.50');
    expect(within(documents).getByRole('row', { name: /INV-2026-000001 Tax invoice/ })).toHaveTextContent('Cancelled');
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/invoices/get')).body).toEqual({ vehicleId: 'v1', pageNo: 1, limit: 100 });

    const payments = await screen.findByRole('table', { name: 'Payments of INV-2026-000002' });
    const verified = within(payments).getByRole('row', { name: /PAY-2026-000002/ });
    expect(verified).toHaveTextContent('12/03/2026 18:00');
    expect(verified).toHaveTextContent('Card');
    expect(verified).toHaveTextContent('SLIP-7781');
    expect(verified).toHaveTextContent('Verified');
    expect(verified).toHaveTextContent('Omar Cashier');
    expect(verified).toHaveTextContent('Sara Finance on 12/03/2026 19:00');
    const refused = within(payments).getByRole('row', { name: /PAY-2026-000001/ });
    expect(refused).toHaveTextContent('Bank transfer');
    expect(refused).toHaveTextContent('Rejected');
    expect(refused).toHaveTextContent('Rejected: Not on the statement');
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/payment/get-payments')).body).toEqual({ direction: 'inbound', invoiceId: 'i2', pageNo: 1, limit: 100 });

    await user.click(within(paid).getByRole('button', { name: 'Download PDF of INV-2026-000002' }));
    await waitFor(() => expect(saved).toEqual(['INV-2026-000002.pdf']));
    expect(calls(fetch, '/api/invoices/i2/pdf')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Sale' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Huda Buyer' })).toHaveAttribute('href', '/members/b1');
  });

  it("shows the server's refusal of a gate pass while money is owed, and keeps it in view", async () => {
    const owed = 'INV-2026-000002 still owes 35.00 AED (storage to 16/03/2026 included); a gate pass is issued once it is paid in full and verified.';
    const { fetch, user } = setup(sold(), { 'POST /api/gate-passes/issue': { status: 409, body: { message: owed, errors: [] } } });
    expect(await screen.findByText('No gate pass has been generated for this vehicle.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Generate gate pass$/ }));
    expect(await screen.findByText(owed)).toBeInTheDocument();
    expect(screen.getByText('No gate pass for Lot 1001 yet')).toBeInTheDocument();
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/gate-passes/issue')).body).toEqual({ vehicleId: 'v1' });
  });

  it('generates a gate pass and shows its code once, downloads it, and cancels it after confirmation', async () => {
    let passes: GatePass[] = [];
    const issued = gatePass('g1', { token: 'GP1.g1.4077000000.abcdefghijklmnopqrstuvwx' });
    const { fetch, user } = setup(sold(), {
      'GET /api/gate-passes/vehicle/v1': () => ({ body: { data: passes } }),
      'POST /api/gate-passes/issue': () => {
        passes = [{ ...issued, token: null }];
        return { status: 201, body: { message: 'Gate pass generated.', data: issued } };
      },
      'GET /api/gate-passes/g1/pdf': { body: '%PDF-1.4' },
      'PUT /api/gate-passes/g1/cancel': () => {
        passes = [{ ...passes[0]!, status: 'Canceled' }];
        return { body: passes[0] };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Generate gate pass$/ }));
    expect(await screen.findAllByText('Gate pass generated for Lot 1001, valid until 14/03/2099 20:00.')).not.toHaveLength(0);
    expect(screen.getByText('GP1.g1.4077000000.abcdefghijklmnopqrstuvwx')).toBeInTheDocument();
    expect(screen.getByText(/^Gate code, printed beside the QR code, for a guard who types it:/)).toHaveTextContent(/types it: K7PX-4MQ9$/);
    const table = screen.getByRole('table', { name: 'Gate passes' });
    const row = await within(table).findByRole('row', { name: /Generated/ });
    expect(row).toHaveTextContent('12/03/2026 20:00');
    expect(row).toHaveTextContent('K7PX-4MQ9');

    await user.click(within(row).getByRole('button', { name: /Download gate pass$/ }));
    await waitFor(() => expect(saved).toEqual(['gate-pass-lot-1001.pdf']));

    await user.click(within(row).getByRole('button', { name: /Cancel gate pass$/ }));
    const confirm = await findDialog('Cancel the gate pass of Lot 1001?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Gate pass of Lot 1001 cancelled.')).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /Cancelled/ })).toBeInTheDocument();
    expect(screen.queryByText('GP1.g1.4077000000.abcdefghijklmnopqrstuvwx')).not.toBeInTheDocument();
    expect(calls(fetch, '/api/gate-passes/g1/cancel')).toHaveLength(1);
    expect(within(table).queryByRole('button', { name: /Cancel gate pass$/ })).not.toBeInTheDocument();
  });

  it('asks before a new gate pass replaces the current one, shows an expired one as expired, and names the pass it replaces', async () => {
    const { fetch, user } = setup(sold({ gatePassStatus: 'Generated' }), {
      'GET /api/gate-passes/vehicle/v1': { body: { data: [gatePass('g2', { status: 'Canceled' }), gatePass('g1', { status: 'Generated', validUntil: '2020-01-01T00:00:00Z' })] } },
      'POST /api/gate-passes/issue': { status: 201, body: { message: 'Gate pass generated.', data: gatePass('g3', { code: 'M9QX-7TRP', token: 'GP1.g3.4077000000.abc' }) } },
    });
    const table = await screen.findByRole('table', { name: 'Gate passes' });
    expect(await within(table).findByText('Expired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Generate gate pass$/ }));
    let confirm = await findDialog('Generate a new gate pass for Lot 1001?');
    expect(confirm).toHaveTextContent('The current gate pass of Lot 1001 stops working at the gate.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch, '/api/gate-passes/issue')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Generate gate pass$/ }));
    confirm = await findDialog('Generate a new gate pass for Lot 1001?');
    await user.dblClick(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('M9QX-7TRP')).toBeInTheDocument();
    expect(calls(fetch, '/api/gate-passes/issue')).toHaveLength(1);
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/gate-passes/issue')).body).toEqual({ vehicleId: 'v1', replaces: 'g1' });
  });

  it('sends one request for a double click, with the button disabled until the server answers', async () => {
    const mock = setup(sold(), {
      'POST /api/gate-passes/issue': { status: 201, body: { message: 'Gate pass generated.', data: gatePass('g1', { token: 'GP1.g1.4077000000.abc' }) } },
    }).fetch;
    let answer: (value?: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input === '/api/gate-passes/issue') await held;
      return mock(input, init);
    });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /Generate gate pass$/ });
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    answer();
    expect(await screen.findByText('K7PX-4MQ9')).toBeInTheDocument();
    expect(calls(mock, '/api/gate-passes/issue')).toHaveLength(1);
  });

  it("shows the server's refusal of a second live pass (a click elsewhere, or a race) and reloads the passes", async () => {
    const refused = 'Lot 1001 already has a gate pass (K7PX-4MQ9, valid until 14/03/2099 20:00): use it, or replace it with a new one.';
    const { fetch, user } = setup(sold(), { 'POST /api/gate-passes/issue': { status: 409, body: { message: refused, errors: [{ field: 'vehicleId', message: refused }] } } });
    await user.click(await screen.findByRole('button', { name: /Generate gate pass$/ }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    await waitFor(() => expect(calls(fetch, '/api/gate-passes/vehicle/v1')).toHaveLength(2));
  });

  it('a picked-up vehicle needs no more passes; a role without Payments sees no invoices, one without updateStatus no actions', async () => {
    const { fetch } = setup(sold({ gatePassStatus: 'Picked Up' }), {
      'GET /api/gate-passes/vehicle/v1': {
        body: { data: [gatePass('g1', { status: 'Picked Up', scannedAt: '2026-03-13T06:00:00Z', pickedUpAt: '2026-03-13T06:05:00Z', driverName: 'Rashid Driver', driverEmiratesId: '784-1990-1234567-6' })] },
      },
    }, { Vehicles: ['view'] });
    expect(await screen.findByText('Your role may not view invoices and payments.')).toBeInTheDocument();
    const row = await within(await screen.findByRole('table', { name: 'Gate passes' })).findByRole('row', { name: /Picked Up/ });
    expect(row).toHaveTextContent('Rashid Driver · Emirates ID 784-1990-1234567-6');
    expect(row).toHaveTextContent('13/03/2026 10:05');
    expect(screen.getByText('Lot 1001 has left the yard: no gate pass is needed any more.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Generate gate pass$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download gate pass$/ })).not.toBeInTheDocument();
    expect(calls(fetch, '/api/invoices/get')).toHaveLength(0);
  });

  it('says an unsold vehicle has not been sold and lists what documents it kept', async () => {
    setup(vehicle('v1', 1001, { status: 'approved' }));
    expect(await screen.findByText('This vehicle has not been sold.')).toBeInTheDocument();
    expect(await screen.findByText('No invoice has been issued for this vehicle.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Gate passes' })).not.toBeInTheDocument();
  });
});
