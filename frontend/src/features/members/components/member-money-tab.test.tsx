import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberInvoice } from '@/features/members/api/get-member-invoices';
import type { MemberPayment } from '@/features/members/api/get-member-payments';
import { MemberMoneyTab } from '@/features/members/components/member-money-tab';
import { buyingPowerFixture } from '@/features/members/test/money-fixtures';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const vehicle = { _id: 'v1', vehicleLotNumber: 1001, title: 'Toyota Land Cruiser', vinNumber: '1HGCM8269KA001001' };

function invoice(id: string, number: string, fields: Partial<MemberInvoice> = {}): MemberInvoice {
  return {
    _id: id,
    invoiceNo: number,
    kind: 'invoice',
    status: 'overdue',
    invoiceCreatedDate: '2026-03-12T12:30:00Z',
    dueDate: '2026-03-14T12:30:00Z',
    saleDate: '2026-03-12',
    subtotal: 25450,
    vatTotal: 22.5,
    total: 25472.5,
    paidAmount: 10000,
    pendingAmount: 0,
    dueAmount: 15472.5,
    overdueAmount: 15472.5,
    daysOverdue: 3,
    buyer: { _id: 'm1', name: 'Khalid Buyer', trn: null },
    vehicle,
    creditFor: null,
    voidReason: null,
    storageThrough: null,
    canRecordPayment: { allowed: true, reason: null },
    ...fields,
  };
}

function payment(id: string, fields: Partial<MemberPayment> = {}): MemberPayment {
  return {
    _id: id,
    transactionId: 'PAY-2026-000041',
    direction: 'inbound',
    kind: 'payment',
    amount: 10000,
    paidAmount: 10000,
    paymentMethod: 'cheque',
    paymentReferenceId: 'CHQ-88',
    paymentDateAndTime: '2026-03-13T05:00:00Z',
    paymentConfirmationStatus: 'Pending',
    status: 'Pending',
    paymentStatus: 'overdue',
    invoice: { _id: 'i1', invoiceNo: 'INV-2026-000011', status: 'overdue', total: 25472.5, dueAmount: 15472.5, dueDate: '2026-03-14T12:30:00Z' },
    buyer: { _id: 'm1', name: 'Khalid Buyer' },
    member: { _id: 'm1', name: 'Khalid Buyer' },
    vehicle,
    recordedBy: { _id: 'u1', name: 'Omar Cashier' },
    verifiedBy: null,
    verifiedAt: null,
    rejectReason: null,
    createdAt: '2026-03-13T05:01:00Z',
    ...fields,
  };
}

const list = <T,>(data: T[], totalMatching = data.length) => ({ body: { data, totalPages: Math.ceil(totalMatching / 10), currentPage: 1, totalMatching, totals: {} } });

describe("the member's 'Invoices and payments'", () => {
  it("lists the member's invoices and payments with their states, linked to the invoice and the vehicle, ten a page", async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'POST /api/invoices/get': list([invoice('i1', 'INV-2026-000011'), invoice('c1', 'INV-CN-2026-000002', { kind: 'creditNote', status: 'issued', total: -1000, daysOverdue: 0, dueAmount: 0, canRecordPayment: { allowed: false, reason: 'A credit note' } })], 12),
      'POST /api/payment/get-payments': list([payment('p1'), payment('p0', { transactionId: 'PAY-2026-000040', paymentConfirmationStatus: 'Rejected', rejectReason: 'Cheque bounced' })]),
    });
    renderWithProviders(<MemberMoneyTab memberId="m1" />);
    const user = userEvent.setup();

    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    const overdue = await within(invoices).findByRole('row', { name: /INV-2026-000011/ });
    expect(within(overdue).getByRole('link', { name: 'INV-2026-000011' })).toHaveAttribute('href', '/invoice-management?invoice=i1');
    expect(within(overdue).getByRole('link', { name: 'Lot 1001 · Toyota Land Cruiser' })).toHaveAttribute('href', '/vehicles/v1');
    expect(overdue).toHaveTextContent('Overdue');
    expect(overdue).toHaveTextContent('3 days overdue');
    expect(overdue).toHaveTextContent('14/03/2026'); // the due day, as every screen shows a due date
    expect(overdue).not.toHaveTextContent('16:30');
    expect(overdue).toHaveTextContent('AED 15,472.50');
    const note = within(invoices).getByRole('row', { name: /INV-CN-2026-000002/ });
    expect(note).toHaveTextContent('Credit note');
    expect(note).toHaveTextContent('Issued');
    expect(note).toHaveTextContent('AED -1,000.00');

    const payments = screen.getByRole('table', { name: 'Payments' });
    const pending = within(payments).getByRole('row', { name: /PAY-2026-000041/ });
    expect(pending).toHaveTextContent('13/03/2026 09:00');
    expect(pending).toHaveTextContent('Cheque');
    expect(pending).toHaveTextContent('Pending');
    expect(within(pending).getByRole('link', { name: 'INV-2026-000011' })).toHaveAttribute('href', '/invoice-management?invoice=i1');
    expect(within(payments).getByRole('row', { name: /PAY-2026-000040/ })).toHaveTextContent('Rejected: Cheque bounced');

    const bodyOf = (url: string) => sentRequest(fetch, fetch.mock.calls.map(([called]) => called).lastIndexOf(url)).body;
    expect(bodyOf('/api/invoices/get')).toEqual({ memberId: 'm1', pageNo: 1, limit: 10 });
    expect(bodyOf('/api/payment/get-payments')).toEqual({ direction: 'inbound', memberId: 'm1', pageNo: 1, limit: 10 });
    await user.click(within(screen.getByRole('region', { name: 'Invoices' })).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(bodyOf('/api/invoices/get')).toEqual({ memberId: 'm1', pageNo: 2, limit: 10 }));
  });

  it('pays whatever is owed from its row, a deposit invoice as a sale, and offers nothing on what is not owed', async () => {
    const deposit = invoice('d1', 'INV-D-2026-000003', { kind: 'deposit', status: 'unpaid', vehicle: null, total: 8500, paidAmount: 0, dueAmount: 8500, daysOverdue: 0 });
    const paid = invoice('i2', 'INV-2026-000012', { status: 'paid', paidAmount: 25472.5, dueAmount: 0, daysOverdue: 0, canRecordPayment: { allowed: false, reason: 'INV-2026-000012 is paid; nothing is left to pay.' } });
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'POST /api/invoices/get': list([deposit, paid]),
      'POST /api/payment/get-payments': list([]),
    });
    renderWithProviders(<MemberMoneyTab memberId="m1" />);
    const user = userEvent.setup();
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    const row = await within(invoices).findByRole('row', { name: /INV-D-2026-000003/ });
    expect(row).toHaveTextContent('Deposit invoice');
    expect(within(invoices).getByRole('row', { name: /INV-2026-000012/ })).not.toHaveTextContent('Record payment');
    await user.click(within(row).getByRole('button', { name: 'Record payment for INV-D-2026-000003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment for INV-D-2026-000003' });
    expect(within(dialog).getByLabelText('Amount (AED)')).toHaveValue('8500.00');
  });

  it('says when the member has no invoices and no payments', async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'POST /api/invoices/get': list([]),
      'POST /api/payment/get-payments': list([]),
    });
    renderWithProviders(<MemberMoneyTab memberId="m1" />);
    expect(await screen.findByText('This member has no invoices.')).toBeInTheDocument();
    expect(await screen.findByText('This member has no payments.')).toBeInTheDocument();
  });

  it('tells a role without the Payments privilege that it may not view them, and still shows the deposit and buying power', async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': { body: meWith({ Members: ['view'] }) },
      'GET /api/members/m1/buying-power': { body: buyingPowerFixture() },
    });
    renderWithProviders(<MemberMoneyTab memberId="m1" />);
    expect(await screen.findByText('Your role may not view invoices and payments.')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Deposit and buying power' });
    expect(await within(panel).findByText(/^AED 120,000.00 available: the Gold plan gives/)).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/invoices/get');
  });
});
