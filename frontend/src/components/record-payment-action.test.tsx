import { useQuery } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { moneyKey } from '@/api/money-key';
import { RecordPaymentAction } from '@/components/record-payment-action';
import type { PayableInvoice } from '@/components/record-payment-values';
import { findDialog } from '@/test/dialog';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const open: PayableInvoice = {
  _id: 'i1',
  invoiceNo: 'INV-D-2031-000001',
  kind: 'deposit',
  status: 'unpaid',
  total: 50000,
  paidAmount: 0,
  pendingAmount: 0,
  dueAmount: 50000,
  buyer: { _id: 'm1', name: 'Khalid Buyer1' },
  vehicle: null,
  canRecordPayment: { allowed: true, reason: null },
};
// The same invoice read again once the payment is recorded: all of it waits for verification.
const waiting: PayableInvoice = { ...open, pendingAmount: 50000, canRecordPayment: { allowed: false, reason: 'AED 50,000.00 waits for verification.' } };
const recorded = { message: 'PAY-2031-000002 recorded; it waits for verification.', data: {} };

/** The invoice drawer's action, on the invoice as the drawer reads it (a money query the recording refreshes). */
function Drawer() {
  const invoice = useQuery({ queryKey: [...moneyKey, 'invoice', 'i1'], queryFn: async () => (await fetch('/api/invoices/i1')).json() as Promise<PayableInvoice> });
  return invoice.data ? <RecordPaymentAction invoice={invoice.data} /> : null;
}

describe('Record payment from an invoice', () => {
  it('says the payment was recorded and closes, although the invoice read again has nothing left to record', async () => {
    let paid = false;
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'GET /api/invoices/i1': () => ({ body: paid ? waiting : open }),
      'POST /api/payments/inbound': () => {
        paid = true;
        return { status: 201, body: recorded };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Drawer />);
    await user.click(await screen.findByRole('button', { name: /Record payment$/ }));
    const dialog = await findDialog('Record payment for INV-D-2031-000001');
    await user.click(within(dialog).getByText('Cash'));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText(recorded.message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Record payment for INV-D-2031-000001' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Record payment$/ })).toBeDisabled();
  });

  it('keeps the dialog open when the invoice read again has nothing left to record (the recording itself refreshes it before its answer is shown)', async () => {
    mockFetch({ 'GET /api/auth/me': { body: meWith(EVERYTHING) } });
    let readAgain: (invoice: PayableInvoice) => void = () => undefined;
    function Shown() {
      const [invoice, setInvoice] = useState(open);
      useEffect(() => {
        readAgain = setInvoice;
      }, []);
      return <RecordPaymentAction invoice={invoice} />;
    }
    const user = userEvent.setup();
    renderWithProviders(<Shown />);
    await user.click(await screen.findByRole('button', { name: /Record payment$/ }));
    const dialog = await findDialog('Record payment for INV-D-2031-000001');

    act(() => readAgain(waiting));
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('50000.00');
  });
});
