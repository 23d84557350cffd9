import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboundPaymentsPage } from '@/features/outbound/pages/outbound-payments-page';
import { depositRefund, outboundList, outboundOut, threeOutbound } from '@/features/outbound/test/outbound-fixtures';
import { APP_TIME_ZONE } from '@/lib/dates';
import * as download from '@/lib/download';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Grants = Parameters<typeof meWith>[0];

function setup(api: MockRoutes = {}, route = '/outbound-payments', grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/payment/get-payments': { body: outboundList(threeOutbound) },
    ...api,
  });
  const rendered = renderWithProviders(<OutboundPaymentsPage />, { path: '/outbound-payments', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [index] : []));
const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, calls(fetch, url).at(-1)!).body;

const completed = (id: string, how = 'bank transfer') => ({ body: { message: `${id} completed: paid by ${how}.`, data: outboundOut({ status: 'Completed' }) } });
const refused = (message: string, errors: { field: string; message: string }[] = [], status = 409) => ({ status, body: { message, errors } });
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/;

afterEach(() => vi.restoreAllMocks());

/** Ant Design's button-style radios take the click on their label, as a person's does. */
async function pickMethod(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const label = within(dialog).getByRole('radio', { name }).closest('label');
  if (!label) throw new Error(`No label for ${name}`);
  await user.click(label);
}

describe('/outbound-payments', () => {
  it('shows pending, completed this month and cancelled with count and AED; a card filters the list, kept in the URL', async () => {
    const { fetch, router, user } = setup();
    expect(await screen.findByRole('heading', { name: 'Outbound payments' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    const pending = within(summary).getByRole('button', { name: /^Pending/ });
    await waitFor(() => expect(pending).toHaveTextContent('Pending3AED 52,750.00Payouts 2 · Refunds 1'));
    const month = within(summary).getByRole('button', { name: /^Completed this month/ });
    expect(month).toHaveTextContent('Completed this month2AED 18,250.25');
    expect(within(summary).getByRole('button', { name: /^Cancelled/ })).toHaveTextContent('Cancelled1AED 1,200.00Payouts 1 · Refunds 0');

    await user.click(pending);
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending'));
    await waitFor(() => expect(lastBody(fetch, '/api/payment/get-payments')).toMatchObject({ direction: 'outbound', status: 'Pending', pageNo: 1 }));

    await user.click(month);
    const monthStart = `${dayjs().tz(APP_TIME_ZONE).format('YYYY-MM')}-01`;
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('dates')).toBe(`${monthStart}..`));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('Completed');
    await waitFor(() => expect(lastBody(fetch, '/api/payment/get-payments')).toMatchObject({ status: 'Completed', dateFrom: monthStart }));
    expect(month).toHaveAttribute('aria-pressed', 'true');
    await user.click(month);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lists each payout and refund: kind, payee linking to the member, lot, amount, method, status, date and who completed it', async () => {
    // Every column shown (the invoice, the method and who settled it are hidden by default, issue 29), in this order.
    const every = ['invoice', 'kind', 'payee', 'vehicle', 'amount', 'method', 'status', 'date', 'completedBy'].map((key) => ({ key, visible: true }));
    setup({ 'GET /api/me/preferences': { body: { density: 'comfortable', lists: { 'outbound-payments': { columns: every } } } } });
    const payout = await screen.findByRole('row', { name: /OUT-2025-000001/ });
    expect(payout).toHaveTextContent('OUT-2025-000001INV-S-2025-000001PayoutMajid Seller1Lot 1000AED 42,750.00Bank transferPending01/05/2025 18:00 (issued)');
    expect(within(payout).getByRole('link', { name: 'Majid Seller1' })).toHaveAttribute('href', '/members/m2');
    expect(within(payout).getByRole('link', { name: 'Lot 1000' })).toHaveAttribute('href', '/vehicles/v1');
    expect(within(payout).getByRole('link', { name: 'INV-S-2025-000001' })).toHaveAttribute('href', '/invoice-management?invoice=i2');
    expect(within(payout).getByRole('button', { name: 'Complete OUT-2025-000001' })).toBeInTheDocument();
    expect(within(payout).getByRole('button', { name: 'Download the settlement statement INV-S-2025-000001' })).toBeInTheDocument();
    expect(within(payout).queryByRole('button', { name: /receipt/ })).not.toBeInTheDocument();

    expect(screen.getByRole('row', { name: /OUT-2025-000002/ })).toHaveTextContent('Refund: depositKhalid Buyer1No vehicleAED 5,000.00ChequePending');
    const done = screen.getByRole('row', { name: /OUT-2025-000003/ });
    expect(done).toHaveTextContent('Bank transfer · TRF-991Completed03/05/2025 09:00 (paid)Omar Cashier, 03/05/2025 10:00');
    expect(within(done).queryByRole('button', { name: /Complete/ })).not.toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Download the receipt of OUT-2025-000003' })).toBeInTheDocument();
  });

  it('shows by default the payment, its amount, payee, kind, status, vehicle and date; the rest from the column chooser', async () => {
    setup();
    const payout = await screen.findByRole('row', { name: /OUT-2025-000001/ });
    expect(payout).toHaveTextContent('OUT-2025-000001AED 42,750.00Majid Seller1PayoutPendingLot 100001/05/2025 18:00 (issued)');
    expect(within(payout).queryByRole('link', { name: 'INV-S-2025-000001' })).not.toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them; picks a kind and a method', async () => {
    const { fetch, router, user } = setup({}, '/outbound-payments?search=trf&status=Verified&dates=2025-05-01..&member=m2&kind=refund');
    await screen.findByRole('row', { name: /OUT-2025-000001/ });
    expect(sentRequest(fetch, calls(fetch, '/api/payment/get-payments')[0]!).body).toEqual({
      direction: 'outbound',
      pageNo: 1,
      limit: 10,
      search: 'trf',
      kind: 'refund',
      dateFrom: '2025-05-01',
      memberId: 'm2',
    });
    await pickOption(user, 'Filter by kind', 'Payout');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('payout'));
    await pickOption(user, 'Filter by method', 'Cheque');
    await waitFor(() => expect(lastBody(fetch, '/api/payment/get-payments')).toMatchObject({ kind: 'payout', method: 'cheque', memberId: 'm2', search: 'trf' }));
  });

  it("completes a payout: shows the payee's bank account, needs a reference unless cash, and sends method, reference and Dubai time", async () => {
    const { fetch, user } = setup({ 'PUT /api/payments/o1/complete': completed('OUT-2025-000001') });
    await user.click(await screen.findByRole('button', { name: 'Complete OUT-2025-000001' }));
    const dialog = await findDialog('Complete OUT-2025-000001');
    expect(dialog).toHaveTextContent('Majid Al Mansoori');
    expect(dialog).toHaveTextContent('AE07 0331 2345 6789 0123 456');
    expect(dialog).toHaveTextContent('Emirates NBD');
    expect(dialog).toHaveTextContent('AED 42,750.00 · Payout');
    expect(within(dialog).getByRole('radio', { name: 'Bank transfer' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('Enter the transfer or cheque reference.')).toBeInTheDocument();
    expect(calls(fetch, '/api/payments/o1/complete')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Reference'), '  TRF-2025-0042 ');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('OUT-2025-000001 completed: paid by bank transfer.')).toBeInTheDocument();
    const body = lastBody(fetch, '/api/payments/o1/complete') as Record<string, string>;
    expect(body).toMatchObject({ paymentMethod: 'bankTransfer', paymentReferenceId: 'TRF-2025-0042' });
    expect(body.paymentDateAndTime).toMatch(WALL_CLOCK);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls(fetch, '/api/payment/get-payments').length).toBeGreaterThan(1));
  });

  it('completes a refund in cash without a reference, and warns that a bank transfer has no IBAN to go to', async () => {
    const { fetch, user } = setup({ 'PUT /api/payments/o2/complete': completed('OUT-2025-000002', 'cash') });
    await user.click(await screen.findByRole('button', { name: 'Complete OUT-2025-000002' }));
    const dialog = await findDialog('Complete OUT-2025-000002');
    expect(dialog).toHaveTextContent('AED 5,000.00 · Refund: deposit');
    expect(within(dialog).getAllByText('None on file')).toHaveLength(3);
    await pickMethod(user, dialog, 'Bank transfer');
    expect(await within(dialog).findByText(/Khalid Buyer1 has no IBAN on file/)).toBeInTheDocument();
    await pickMethod(user, dialog, 'Cash');
    expect(within(dialog).queryByText(/no IBAN on file/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('OUT-2025-000002 completed: paid by cash.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/payments/o2/complete')).toMatchObject({ paymentMethod: 'cash', paymentReferenceId: null });
  });

  it('shows the verifier of the buyer’s payment Complete disabled, with the server’s reason as the tooltip, before anyone types', async () => {
    const twoPeople = "You verified the buyer's payment for Lot 1000; another staff user completes the seller's payout (two people see every vehicle's money).";
    const payout = outboundOut({ canComplete: { allowed: false, reason: twoPeople } });
    const { fetch, user } = setup({ 'POST /api/payment/get-payments': { body: outboundList([payout]) } });
    const complete = await screen.findByRole('button', { name: 'Complete OUT-2025-000001' });
    expect(complete).toBeDisabled();
    await user.hover(complete.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(twoPeople);
    expect(screen.getByRole('button', { name: 'Cancel OUT-2025-000001' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(fetch, '/api/payments/o1/complete')).toHaveLength(0);
  });

  it('keeps the dialog open with the server’s refusal: the two-person rule as the dialog’s error, a field error at its field', async () => {
    const twoPeople = "You verified the buyer's payment for Lot 1000; another staff user completes the seller's payout (two people see every vehicle's money).";
    let answer = refused(twoPeople);
    const { user } = setup({ 'PUT /api/payments/o1/complete': () => answer });
    await user.click(await screen.findByRole('button', { name: 'Complete OUT-2025-000001' }));
    const dialog = await findDialog('Complete OUT-2025-000001');
    await fill(user, within(dialog).getByLabelText('Reference'), 'TRF-1');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(twoPeople);

    answer = refused('The payment cannot be dated before OUT-2025-000001 was issued.', [{ field: 'paymentDateAndTime', message: 'The payment cannot be dated before OUT-2025-000001 was issued (01/05/2025 18:00).' }], 422);
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('The payment cannot be dated before OUT-2025-000001 was issued (01/05/2025 18:00).')).toBeInTheDocument();
    expect(within(dialog).queryByText(twoPeople)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('cancels a payment only with a reason', async () => {
    const { fetch, user } = setup({
      'PUT /api/payments/o1/cancel': { body: { message: 'OUT-2025-000001 cancelled. The seller is still owed: OUT-2025-000009 replaces it.', data: outboundOut({ status: 'Canceled' }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel OUT-2025-000001' }));
    const ask = await findDialog('Cancel OUT-2025-000001?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(ask).findByText('Please give the reason.')).toBeInTheDocument();
    expect(calls(fetch, '/api/payments/o1/cancel')).toHaveLength(0);
    await fill(user, within(ask).getByLabelText('Reason'), 'Seller disputes the bank details');
    await user.click(within(ask).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText('OUT-2025-000001 cancelled. The seller is still owed: OUT-2025-000009 replaces it.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/payments/o1/cancel')).toEqual({ reason: 'Seller disputes the bank details' });
  });

  it('completes the ticked payments with one request each, and reports how many succeeded and each refusal', async () => {
    const { fetch, user } = setup({
      'PUT /api/payments/o1/complete': refused('Majid Seller1 has no valid IBAN on file: enter their bank details before paying by bank transfer.'),
      'PUT /api/payments/o2/complete': completed('OUT-2025-000002', 'cheque'),
      'PUT /api/payments/o3/complete': refused('OUT-2025-000003 was already completed; money is never sent twice.'),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select OUT-2025-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select OUT-2025-000002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select OUT-2025-000003' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: /Complete selected/ }));
    const dialog = await findDialog('Complete 3 payments');
    expect(dialog).toHaveTextContent('3 payments, AED 59,750.00 in all');
    expect(within(dialog).getByRole('radio', { name: 'Cheque' })).not.toBeChecked();
    await pickMethod(user, dialog, 'Cheque');
    await fill(user, within(dialog).getByLabelText('Reference'), 'CHQ-100200');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('1 of 3 payments completed.')).toBeInTheDocument();
    expect(screen.getByText('2 payments were not completed')).toBeInTheDocument();
    expect(screen.getByText('OUT-2025-000001: Majid Seller1 has no valid IBAN on file: enter their bank details before paying by bank transfer.')).toBeInTheDocument();
    expect(screen.getByText('OUT-2025-000003 was already completed; money is never sent twice.')).toBeInTheDocument();
    for (const id of ['o1', 'o2', 'o3']) expect(lastBody(fetch, `/api/payments/${id}/complete`)).toMatchObject({ paymentMethod: 'cheque', paymentReferenceId: 'CHQ-100200' });
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels the ticked payments with one reason and reports the count', async () => {
    const { fetch, user } = setup({
      'PUT /api/payments/o1/cancel': { body: { message: 'OUT-2025-000001 cancelled.', data: outboundOut() } },
      'PUT /api/payments/o2/cancel': { body: { message: 'OUT-2025-000002 cancelled.', data: depositRefund() } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select OUT-2025-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select OUT-2025-000002' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: /Cancel selected/ }));
    const ask = await findDialog('Cancel 2 payments?');
    await fill(user, within(ask).getByLabelText('Reason'), 'Duplicate requests');
    await user.click(within(ask).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText('2 payments cancelled.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/payments/o1/cancel')).toEqual({ reason: 'Duplicate requests' });
    expect(lastBody(fetch, '/api/payments/o2/cancel')).toEqual({ reason: 'Duplicate requests' });
  });

  it('downloads the settlement statement and the receipt under the server’s file names', async () => {
    const saved: string[] = [];
    vi.spyOn(download, 'saveBlob').mockImplementation((_blob, name) => void saved.push(name));
    const { fetch, user } = setup();
    const json = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      const pdf = { '/api/invoices/i2/pdf': 'INV-S-2025-000001.pdf', '/api/payments/o3/pdf': 'OUT-2025-000003.pdf' }[String(input)];
      return pdf ? new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${pdf}"` } }) : json(input, init);
    });
    await user.click(await screen.findByRole('button', { name: 'Download the settlement statement INV-S-2025-000001' }));
    await waitFor(() => expect(saved).toEqual(['INV-S-2025-000001.pdf']));
    await user.click(screen.getByRole('button', { name: 'Download the receipt of OUT-2025-000003' }));
    await waitFor(() => expect(saved).toEqual(['INV-S-2025-000001.pdf', 'OUT-2025-000003.pdf']));
  });

  it('offers neither complete, cancel nor selection to a role that may only view payments; names and lots are plain text without Members and Vehicles', async () => {
    setup({}, '/outbound-payments', { Payments: ['view'] });
    const row = await screen.findByRole('row', { name: /OUT-2025-000001/ });
    expect(within(row).queryByRole('button', { name: /^Complete/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select OUT/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Majid Seller1' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Lot 1000' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /settlement statement/ })).toBeInTheDocument();
  });
});
