import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InvoicesPage } from '@/features/invoices/pages/invoices-page';
import { invoiceDetail, invoiceList, invoiceOut } from '@/features/invoices/test/invoice-fixtures';
import { findDialog, queryDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const overdue = invoiceDetail({ status: 'overdue', dueDate: '2031-05-03T13:00:00Z', overdueAmount: 25472.5, daysOverdue: 9 });
const done =
  'The sale of Lot 1000 is cancelled: credit note INV-CN-2031-000004 issued, the vehicle is back among the approved vehicles, penalty INV-P-2031-000001 with AED 1,000.00 taken from the deposit.';

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/invoices/get': { body: invoiceList([invoiceOut({ status: 'overdue' })]) },
    'GET /api/invoices/i1': { body: overdue },
    'POST /api/payment/get-payments': { body: { data: [], totalPages: 1, currentPage: 1, totalMatching: 0, totals: {} } },
    ...api,
  });
  renderWithProviders(<InvoicesPage />, { path: '/invoice-management', route: '/invoice-management?invoice=i1' });
  return { fetch, user: userEvent.setup() };
}

const bodies = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [sentRequest(fetch, index).body] : []));

describe("'Cancel sale (buyer defaulted)' in the invoice drawer", () => {
  it("cancels an overdue sale only with a reason and toasts the server's account of the credit note and the penalty", async () => {
    const { fetch, user } = setup({ 'PUT /api/invoices/i1/cancel-default': { body: { message: done } } });
    const drawer = await findDialog('Invoice INV-2031-000001');
    await user.click(within(drawer).getByRole('button', { name: /Cancel sale \(buyer defaulted\)/ }));
    const ask = await findDialog('Cancel the sale of Lot 1000?');
    expect(ask).toHaveTextContent('Khalid Buyer1 has not paid INV-2031-000001.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel sale' }));
    expect(await within(ask).findByText('Please give the reason.')).toBeInTheDocument();
    expect(bodies(fetch, '/api/invoices/i1/cancel-default')).toHaveLength(0);

    await fill(user, within(ask).getByLabelText('Reason'), 'Buyer unreachable for 10 days');
    await user.click(within(ask).getByRole('button', { name: 'Cancel sale' }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(bodies(fetch, '/api/invoices/i1/cancel-default')).toEqual([{ reason: 'Buyer unreachable for 10 days' }]);
    await waitFor(() => expect(queryDialog('Cancel the sale of Lot 1000?')).toBeUndefined());
  });

  it("shows the server's refusal (not overdue long enough)", async () => {
    const refusal = 'INV-2031-000001 is 2 days overdue; a sale is cancelled for default once its invoice is 7 days overdue, from 10/05/2031.';
    const { user } = setup({ 'PUT /api/invoices/i1/cancel-default': { status: 409, body: { message: refusal, errors: [] } } });
    const drawer = await findDialog('Invoice INV-2031-000001');
    await user.click(within(drawer).getByRole('button', { name: /Cancel sale \(buyer defaulted\)/ }));
    const ask = await findDialog('Cancel the sale of Lot 1000?');
    await fill(user, within(ask).getByLabelText('Reason'), 'Buyer unreachable');
    await user.click(within(ask).getByRole('button', { name: 'Cancel sale' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('is not offered for a sale that is not overdue', async () => {
    setup({ 'GET /api/invoices/i1': { body: invoiceDetail() } });
    const drawer = await findDialog('Invoice INV-2031-000001');
    expect(within(drawer).getByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Cancel sale/ })).not.toBeInTheDocument();
  });

  it('is hidden from a role without Payments updateStatus', async () => {
    setup({}, { Payments: ['view', 'add', 'delete'] });
    const drawer = await findDialog('Invoice INV-2031-000001');
    expect(within(drawer).getByRole('button', { name: /Void/ })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Cancel sale/ })).not.toBeInTheDocument();
  });
});
