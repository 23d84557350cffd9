import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemberBuyingPowerPanel } from '@/features/members/components/member-buying-power-panel';
import { buyingPowerFixture, invoiceListOf, memberInvoiceFixture, refundableFixture } from '@/features/members/test/money-fixtures';
import { findDialog, queryDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { pickOption } from '@/test/select';
import { renderWithProviders } from '@/test/render';

const requested = { status: 201, body: { message: 'Refund OUT-2026-000004 requested; another staff user completes it.', data: { _id: 'r4', transactionId: 'OUT-2026-000004' } } };
const invoices = invoiceListOf([
  memberInvoiceFixture('i1', 'INV-2026-000011'),
  memberInvoiceFixture('i2', 'INV-2026-000012', { status: 'unpaid', paidAmount: 0, dueAmount: 25472.5 }),
  memberInvoiceFixture('i3', 'INV-2026-000013', { status: 'cancelled', paidAmount: 0 }),
]);

async function openDialog(api: MockRoutes = {}, ready: RegExp = /AED 120,000.00 available/) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'GET /api/members/m1/buying-power': { body: buyingPowerFixture() },
    'POST /api/invoices/get': { body: invoices },
    'GET /api/members/m1/refundable': { body: refundableFixture() },
    ...api,
  });
  renderWithProviders(<MemberBuyingPowerPanel memberId="m1" />);
  const user = userEvent.setup();
  await screen.findByText(ready);
  await user.click(screen.getByRole('button', { name: /Request refund/ }));
  const dialog = await findDialog('Kind of refund');
  return { fetch, user, dialog };
}

const bodies = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [sentRequest(fetch, index).body] : []));
const radio = (dialog: HTMLElement, name: string) => within(dialog).getByRole('radio', { name }).closest('label')!;

describe("'Request refund' on the member page", () => {
  it('refunds the deposit held by default, never more than it, and toasts the OUT- number', async () => {
    const { fetch, user, dialog } = await openDialog({ 'POST /api/payments/refunds': requested });
    const amount = within(dialog).getByLabelText('Amount (AED)');
    expect(within(dialog).getByRole('radio', { name: 'Deposit refund' })).toBeChecked();
    expect(amount).toHaveValue('8500.00');
    expect(within(dialog).getByText('Deposit held: AED 8,500.00.')).toBeInTheDocument();
    // A deposit refund names no invoice.
    expect(within(dialog).queryByRole('combobox', { name: 'Invoice' })).not.toBeInTheDocument();

    await user.clear(amount);
    await fill(user, amount, '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    // The field's message is re-rendered as validation settles: ask for it again until it stays, rather than holding
    // the first node found (a loaded run replaced it between the find and the assertion).
    await waitFor(() => expect(within(dialog).getByText('The deposit held is AED 8,500.00; the refund cannot be more.')).toBeInTheDocument());
    expect(within(dialog).getByText('Choose how the money is sent.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give the reason.')).toBeInTheDocument();
    expect(bodies(fetch, '/api/payments/refunds')).toHaveLength(0);

    await user.clear(amount);
    await fill(user, amount, '8500');
    await user.click(radio(dialog, 'Cheque'));
    await fill(user, within(dialog).getByLabelText('Reason'), '  Member leaves   the auction ');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText('Refund OUT-2026-000004 requested; another staff user completes it.')).toBeInTheDocument();
    expect(bodies(fetch, '/api/payments/refunds')).toEqual([
      { memberId: 'm1', refundKind: 'deposit', refundedAmount: '8500', refundMethod: 'cheque', refundReason: 'Member leaves the auction', invoiceId: null },
    ]);
    await waitFor(() => expect(queryDialog('Kind of refund')).toBeUndefined());
  });

  it("refunds an overpayment on an invoice the member paid on, showing the server's refusals in the dialog and at the field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { message: 'The refund of AED 600.00 is more than what Noura Al Mansoori paid beyond what they owe (AED 527.50).', errors: [] },
    };
    const overpaid = refundableFixture({ credit: 527.5, overpayment: { allowed: true, reason: null } });
    const { fetch, user, dialog } = await openDialog({ 'GET /api/members/m1/refundable': { body: overpaid }, 'POST /api/payments/refunds': () => answer });
    await user.click(radio(dialog, 'Overpayment'));
    const amount = within(dialog).getByLabelText('Amount (AED)');
    expect(amount).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('Choose the invoice the refund is for.')).toBeInTheDocument();

    // Only an invoice paid on can have been overpaid.
    await user.click(within(dialog).getByRole('combobox', { name: 'Invoice' }));
    expect(await screen.findByRole('option', { name: 'INV-2026-000011 · Paid · paid AED 26,000.00' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /INV-2026-000012/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /INV-2026-000011/ }));
    await fill(user, amount, '600');
    await user.click(radio(dialog, 'Bank transfer'));
    await fill(user, within(dialog).getByLabelText('Reason'), 'Paid twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    const refusal = 'The refund of AED 600.00 is more than what Noura Al Mansoori paid beyond what they owe (AED 527.50).';
    await waitFor(() => expect(within(dialog).getByText(refusal).closest('[role="alert"]')).toHaveClass('ant-alert-error'));
    expect(bodies(fetch, '/api/payments/refunds').at(-1)).toEqual({
      memberId: 'm1',
      refundKind: 'overpayment',
      refundedAmount: '600',
      refundMethod: 'bankTransfer',
      refundReason: 'Paid twice by mistake',
      invoiceId: 'i1',
    });

    answer = { status: 422, body: { message: 'Some fields are not valid.', errors: [{ field: 'invoiceId', message: 'The invoice is not one that Noura Al Mansoori paid.' }] } };
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('The invoice is not one that Noura Al Mansoori paid.')).toBeInTheDocument();
    expect(within(dialog).queryByText(refusal)).not.toBeInTheDocument();
    expect(bodies(fetch, '/api/invoices/get')[0]).toEqual({ memberId: 'm1', pageNo: 1, limit: 100 });
  });

  it("offers a cancelled sale's invoice only for a cancelled sale", async () => {
    const { user, dialog } = await openDialog();
    await user.click(radio(dialog, 'Cancelled sale'));
    await pickOption(user, 'Invoice', /INV-2026-000013 · Cancelled/);
    expect(screen.queryByRole('option', { name: /INV-2026-000011/ })).not.toBeInTheDocument();
  });

  it('says what is owed in the panel and the dialog, from the refund rule, and keeps a refused deposit refund from being sent', async () => {
    const reason = 'Noura Al Mansoori still has INV-2026-000012 open; the deposit is refunded once nothing is owed.';
    const owing = refundableFixture({
      owed: [{ _id: 'i2', invoiceNo: 'INV-2026-000012', kind: 'invoice', status: 'partiallyPaid', dueAmount: 70 }],
      owedTotal: 70,
      deposit: { allowed: false, reason },
      credit: 300,
      overpayment: { allowed: true, reason: null },
    });
    const { fetch, user, dialog } = await openDialog({ 'GET /api/members/m1/refundable': { body: owing }, 'POST /api/payments/refunds': requested });
    const panel = screen.getByRole('region', { name: 'Deposit and buying power' });
    expect(within(panel).getByText('Still owed: AED 70.00 on 1 invoice. The deposit is refunded once it is paid.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'INV-2026-000012' })).toHaveAttribute('href', '/invoice-management?invoice=i2');
    expect(within(panel).getByText('Tax invoice · Partly paid · AED 70.00 still to pay')).toBeInTheDocument();

    expect(within(dialog).getByText('Still owed: AED 70.00 on 1 invoice. The deposit is refunded once it is paid.')).toBeInTheDocument();
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request refund' })).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('Reason'), 'Member leaves');
    await user.keyboard('{Enter}');
    expect(bodies(fetch, '/api/payments/refunds')).toHaveLength(0);

    // An overpayment may still be refunded: the form is the person's again.
    await user.click(radio(dialog, 'Overpayment'));
    expect(within(dialog).queryByText(reason)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request refund' })).toBeEnabled();
  });

  it('disables the refund form, with the reason, when nothing can be refunded', async () => {
    const reason = 'Noura Al Mansoori holds no deposit; there is nothing to refund.';
    const nothing = refundableFixture({ depositHeld: 0, deposit: { allowed: false, reason } });
    const { dialog } = await openDialog({ 'GET /api/members/m1/buying-power': { body: buyingPowerFixture({ depositHeld: 0, planBuyingPower: 0, available: 0 }) }, 'GET /api/members/m1/refundable': { body: nothing } }, /not paid yet/);
    expect(within(dialog).getByText('Nothing can be refunded now.')).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing is owed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request refund' })).toBeDisabled();
  });
});
