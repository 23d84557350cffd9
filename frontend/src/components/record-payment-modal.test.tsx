import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecordPaymentModal } from '@/components/record-payment-modal';
import type { PayableInvoice } from '@/components/record-payment-values';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const invoice = (id: string, number: string, overrides: Partial<PayableInvoice> = {}): PayableInvoice => ({
  _id: id,
  invoiceNo: number,
  kind: 'invoice',
  status: 'unpaid',
  total: 25472.5,
  paidAmount: 0,
  pendingAmount: 25000,
  dueAmount: 25472.5,
  buyer: { _id: 'm1', name: 'Khalid Buyer1' },
  vehicle: { _id: 'v1', vehicleLotNumber: 1000, title: 'Nissan Patrol LE' },
  canRecordPayment: { allowed: true, reason: null },
  ...overrides,
});

const recorded = { message: 'PAY-2031-000002 recorded; it waits for verification.', data: {} };

function setup(props: { invoice?: PayableInvoice } = {}, api: MockRoutes = {}) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(EVERYTHING) }, 'POST /api/payments/inbound': { status: 201, body: recorded }, ...api });
  const onClose = vi.fn();
  renderWithProviders(<RecordPaymentModal open invoice={props.invoice} onClose={onClose} />);
  return { fetch, onClose, user: userEvent.setup() };
}

/** Ant Design's button-style radios take the click on their label, as a person's does. */
async function pickMethod(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const label = within(dialog).getByRole('radio', { name }).closest('label');
  if (!label) throw new Error(`No label for ${name}`);
  await user.click(label);
}

const recordCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([url], index) => [url, index] as const).filter(([url]) => url === '/api/payments/inbound');

describe('Record payment', () => {
  it("starts from what is still open on the invoice and asks for a reference unless it is cash", async () => {
    const { fetch, onClose, user } = setup({ invoice: invoice('i1', 'INV-2031-000001') });
    const dialog = await findDialog('Record payment for INV-2031-000001');
    expect(within(dialog).getByText('Khalid Buyer1')).toBeInTheDocument();
    expect(within(dialog).getByText('AED 472.50')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('472.50');

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Choose how the money was paid.')).toBeInTheDocument();
    await pickMethod(user, dialog, 'Card');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter the payment reference (card slip, transfer or cheque number).')).toBeInTheDocument();
    expect(recordCalls(fetch)).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Reference'), 'SLIP-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(recorded.message)).toBeInTheDocument();
    const [call] = recordCalls(fetch);
    expect(sentRequest(fetch, call![1]).body).toEqual({
      invoiceId: 'i1',
      amount: '472.50',
      paymentMethod: 'card',
      paymentReferenceId: 'SLIP-0042',
      paymentDateAndTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/) as unknown,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses more than is open before sending, and shows the server’s overpayment refusal at the amount', async () => {
    const { fetch, onClose, user } = setup(
      { invoice: invoice('i1', 'INV-2031-000001') },
      {
        'POST /api/payments/inbound': {
          status: 409,
          body: { message: '472.50 AED is more than the 300.00 AED still open on INV-2031-000001.', errors: [{ field: 'amount', message: 'At most 300.00 AED.' }] },
        },
      },
    );
    const dialog = await findDialog('Record payment for INV-2031-000001');
    const amount = within(dialog).getByLabelText('Amount (AED)');
    await user.clear(amount);
    await fill(user, amount, '500');
    await pickMethod(user, dialog, 'Cash');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('At most AED 472.50 is still open on INV-2031-000001.')).toBeInTheDocument();
    expect(recordCalls(fetch)).toHaveLength(0);

    await user.clear(amount);
    await fill(user, amount, '472.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('At most 300.00 AED.')).toBeInTheDocument();
    expect(recordCalls(fetch)).toHaveLength(1);
    expect(sentRequest(fetch, recordCalls(fetch)[0]![1]).body).toMatchObject({ paymentMethod: 'cash', paymentReferenceId: null });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('finds the invoice by number on the payments screen and starts from its open amount', async () => {
    const list = {
      data: [invoice('i2', 'INV-2031-000002', { pendingAmount: 0, dueAmount: 1200, total: 1200 }), invoice('i3', 'INV-2031-000003', { pendingAmount: 25472.5, canRecordPayment: { allowed: false, reason: 'Paid' } })],
      totalPages: 1,
      currentPage: 1,
      totalMatching: 2,
      totals: {},
    };
    const { fetch, user } = setup({}, { 'POST /api/invoices/get': { body: list } });
    const dialog = await findDialog('Record payment');
    await user.click(within(dialog).getByRole('combobox', { name: 'Invoice' }));
    await user.keyboard('2031-00000');
    const waiting = await screen.findByRole('option', { name: 'INV-2031-000003 · Khalid Buyer1 · Lot 1000 (nothing left to record)' });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'INV-2031-000002 · Khalid Buyer1 · Lot 1000' }));
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('1200.00');
    expect(within(dialog).getAllByText('AED 1,200.00').length).toBeGreaterThan(0);
    const searched = fetch.mock.calls.map(([url], index) => [url, index] as const).filter(([url]) => url === '/api/invoices/get');
    await waitFor(() => expect(sentRequest(fetch, searched.at(-1)![1]).body).toMatchObject({ payable: true, search: '2031-00000', limit: 10 }));
    expect(sentRequest(fetch, searched.at(-1)![1]).body).not.toHaveProperty('kind');

    await pickMethod(user, dialog, 'Bank transfer');
    await fill(user, within(dialog).getByLabelText('Reference'), 'TT-99812');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(recorded.message)).toBeInTheDocument();
    expect(sentRequest(fetch, recordCalls(fetch)[0]![1]).body).toMatchObject({ invoiceId: 'i2', amount: '1200.00', paymentMethod: 'bankTransfer' });
  });

  it('offers a new buyer’s deposit invoice in the picker and records against it, never from the deposit itself', async () => {
    const deposit = invoice('d1', 'INV-D-2031-000001', { kind: 'deposit', vehicle: null, pendingAmount: 0, dueAmount: 10000, total: 10000, buyer: { _id: 'm9', name: 'Mariam Bidder9' } });
    const list = { data: [deposit], totalPages: 1, currentPage: 1, totalMatching: 1, totals: {} };
    const { fetch, user } = setup({}, { 'POST /api/invoices/get': { body: list } });
    const dialog = await findDialog('Record payment');
    await user.click(within(dialog).getByRole('combobox', { name: 'Invoice' }));
    await user.keyboard('INV-D');
    await user.click(await screen.findByRole('option', { name: 'INV-D-2031-000001 · Mariam Bidder9 · Security deposit' }));
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('10000.00');
    expect(within(dialog).queryByRole('radio', { name: 'From the deposit' })).not.toBeInTheDocument();
    await pickMethod(user, dialog, 'Cash');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(recorded.message)).toBeInTheDocument();
    expect(sentRequest(fetch, recordCalls(fetch)[0]![1]).body).toMatchObject({ invoiceId: 'd1', amount: '10000.00', paymentMethod: 'cash' });
  });

  it('keeps a mistyped amount and a future date as typed, says why and records nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:30:00Z') });
    try {
      const { fetch, user } = setup({ invoice: invoice('i1', 'INV-2031-000001', { pendingAmount: 0, dueAmount: 200000, total: 200000 }) });
      const dialog = await findDialog('Record payment for INV-2031-000001');
      const amount = within(dialog).getByLabelText('Amount (AED)');
      const received = within(dialog).getByLabelText('Received on');
      await user.clear(amount);
      await fill(user, amount, '1l1,680');
      await user.clear(received);
      await fill(user, received, '29/11/2026 09:00');
      await pickMethod(user, dialog, 'Cash');
      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      expect(await within(dialog).findByText('"l" is not a digit. Type the amount with digits only, for example 90,000.')).toBeInTheDocument();
      expect(within(dialog).getByText('Received on cannot be later than now, 28/11/2026 14:30.')).toBeInTheDocument();
      expect(amount).toHaveValue('1l1,680');
      expect(received).toHaveValue('29/11/2026 09:00');
      expect(recordCalls(fetch)).toHaveLength(0);

      await user.clear(amount);
      await fill(user, amount, '111,680');
      await user.clear(received);
      await fill(user, received, '28/11/2026 14:00');
      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      expect(await screen.findByText(recorded.message)).toBeInTheDocument();
      expect(sentRequest(fetch, recordCalls(fetch)[0]![1]).body).toMatchObject({ amount: '111680', paymentDateAndTime: '2026-11-28T14:00:00' });
    } finally {
      vi.useRealTimers();
    }
  });
});
