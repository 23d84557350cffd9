import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InboundPaymentsPage } from '@/features/payments/pages/inbound-payments-page';
import { paymentList, paymentOut, threePayments } from '@/features/payments/test/payment-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Grants = Parameters<typeof meWith>[0];

function setup(api: MockRoutes = {}, route = '/inbound-payments', grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/payment/get-payments': { body: paymentList(threePayments) },
    ...api,
  });
  const rendered = renderWithProviders(<InboundPaymentsPage />, { path: '/inbound-payments', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [index] : []));
const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, calls(fetch, url).at(-1)!).body;

const verified = (id: string) => ({ body: { message: `${id} verified.`, data: paymentOut({ paymentConfirmationStatus: 'Verified' }) } });

describe('/inbound-payments', () => {
  it('shows count and AED per confirmation; a card filters the list, kept in the URL', async () => {
    const { fetch, router, user } = setup();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const waiting = within(summary).getByRole('button', { name: /^Waiting for verification/ });
    await waitFor(() => expect(waiting).toHaveTextContent('Waiting for verification2AED 15,472.50'));
    expect(within(summary).getByRole('button', { name: /^Verified/ })).toHaveTextContent('9AED 320,500.00');
    await user.click(waiting);
    await waitFor(() => expect(router.state.location.search).toBe('?confirmation=Pending'));
    await waitFor(() => expect(lastBody(fetch, '/api/payment/get-payments')).toMatchObject({ direction: 'inbound', confirmation: 'Pending', pageNo: 1 }));
  });

  it('lists each payment with its invoice linking to the invoice drawer, method, amount and who checked it', async () => {
    // Every column shown in this order (the method and who recorded it are hidden by default, issue 29).
    const every = ['received', 'amount', 'method', 'confirmation', 'invoice', 'buyer', 'recordedBy'].map((key) => ({ key, visible: true }));
    setup({ 'GET /api/me/preferences': { body: { density: 'comfortable', lists: { 'inbound-payments': { columns: every } } } } });
    const row = await screen.findByRole('row', { name: /PAY-2031-000003/ });
    expect(row).toHaveTextContent('PAY-2031-00000301/05/2031 18:00AED 500.00Card · SLIP-0042Rejected by Omar Cashier, 02/05/2031 10:00 · Cheque bouncedINV-2031-000001Khalid Buyer1Amira Haddad');
    expect(within(row).getByRole('link', { name: 'INV-2031-000001' })).toHaveAttribute('href', '/invoice-management?invoice=i1');
    expect(within(row).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /PAY-2031-000002/ })).toHaveTextContent('AED 5,472.50CashWaiting for verificationINV-2031-000001Khalid Buyer1');
  });

  it('reads the filters from the URL and sends them; picks a method', async () => {
    const { fetch, router, user } = setup({}, '/inbound-payments?search=slip&confirmation=Nope&dates=2031-05-01..&buyer=m1');
    await screen.findByRole('row', { name: /PAY-2031-000001/ });
    expect(sentRequest(fetch, calls(fetch, '/api/payment/get-payments')[0]!).body).toEqual({ direction: 'inbound', pageNo: 1, limit: 10, search: 'slip', dateFrom: '2031-05-01', memberId: 'm1' });
    await pickOption(user, 'Filter by method', 'Bank transfer');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('method')).toBe('bankTransfer'));
    await waitFor(() => expect(lastBody(fetch, '/api/payment/get-payments')).toMatchObject({ method: 'bankTransfer', memberId: 'm1' }));
  });

  it('verifies a payment with one click and says so in the server’s words', async () => {
    const { fetch, user } = setup({ 'PUT /api/payments/p1/verify': verified('PAY-2031-000001') });
    await user.click(await screen.findByRole('button', { name: 'Verify PAY-2031-000001' }));
    expect(await screen.findByText('PAY-2031-000001 verified.')).toBeInTheDocument();
    expect(calls(fetch, '/api/payments/p1/verify')).toHaveLength(1);
    await waitFor(() => expect(calls(fetch, '/api/payment/get-payments').length).toBeGreaterThan(1));
  });

  it('shows the recorder Verify and Reject disabled, with the server’s reason as the tooltip, before anyone clicks', async () => {
    const mine = {
      canVerify: { allowed: false, reason: 'You recorded PAY-2031-000001; another staff user must verify it.' },
      canReject: { allowed: false, reason: 'You recorded PAY-2031-000001; another staff user must check it.' },
    };
    const { fetch, user } = setup({ 'POST /api/payment/get-payments': { body: paymentList([paymentOut(mine), threePayments[1]!]) } });
    const verify = await screen.findByRole('button', { name: 'Verify PAY-2031-000001' });
    expect(verify).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject PAY-2031-000001' })).toBeDisabled();
    await user.hover(verify.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(mine.canVerify.reason);
    expect(screen.getByRole('button', { name: 'Verify PAY-2031-000002' })).toBeEnabled();
    expect(calls(fetch, '/api/payments/p1/verify')).toHaveLength(0);
  });

  it('shows the server’s words when it refuses what the screen allowed (a payment changed meanwhile)', async () => {
    const refusal = 'PAY-2031-000001 was rejected; record the payment again if it arrived.';
    const { user } = setup({ 'PUT /api/payments/p1/verify': { status: 409, body: { message: refusal, errors: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Verify PAY-2031-000001' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('verifies the ticked payments one request each, and reports how many succeeded and each refusal', async () => {
    const { fetch, user } = setup({
      'PUT /api/payments/p1/verify': { status: 409, body: { message: 'You recorded PAY-2031-000001; another staff user must verify it.', errors: [] } },
      'PUT /api/payments/p2/verify': verified('PAY-2031-000002'),
      'PUT /api/payments/p3/verify': { status: 409, body: { message: 'PAY-2031-000003 was rejected; record the payment again if it arrived.', errors: [] } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select PAY-2031-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PAY-2031-000002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PAY-2031-000003' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: /Verify selected/ }));
    expect(await screen.findByText('1 of 3 payments verified.')).toBeInTheDocument();
    expect(screen.getByText('2 payments were not verified')).toBeInTheDocument();
    expect(screen.getByText('You recorded PAY-2031-000001; another staff user must verify it.')).toBeInTheDocument();
    expect(screen.getByText('PAY-2031-000003 was rejected; record the payment again if it arrived.')).toBeInTheDocument();
    expect([...calls(fetch, '/api/payments/p1/verify'), ...calls(fetch, '/api/payments/p2/verify'), ...calls(fetch, '/api/payments/p3/verify')]).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });

  it('rejects a payment only with a reason', async () => {
    const { fetch, user } = setup({ 'PUT /api/payments/p2/reject': { body: { message: 'PAY-2031-000002 rejected.', data: paymentOut() } } });
    await user.click(await screen.findByRole('button', { name: 'Reject PAY-2031-000002' }));
    const ask = await findDialog('Reject PAY-2031-000002?');
    await user.click(within(ask).getByRole('button', { name: 'Reject' }));
    expect(await within(ask).findByText('Please give the reason.')).toBeInTheDocument();
    await fill(user, within(ask).getByLabelText('Reason'), 'Cash was not in the safe');
    await user.click(within(ask).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('PAY-2031-000002 rejected.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/payments/p2/reject')).toEqual({ reason: 'Cash was not in the safe' });
  });

  it('rejects the ticked payments with one reason and reports the count', async () => {
    const { fetch, user } = setup({
      'PUT /api/payments/p1/reject': { body: { message: 'PAY-2031-000001 rejected.', data: paymentOut() } },
      'PUT /api/payments/p2/reject': { body: { message: 'PAY-2031-000002 rejected.', data: paymentOut() } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select PAY-2031-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PAY-2031-000002' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: /Reject selected/ }));
    const ask = await findDialog('Reject 2 payments?');
    await fill(user, within(ask).getByLabelText('Reason'), 'Not on the bank statement');
    await user.click(within(ask).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('2 payments rejected.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/payments/p1/reject')).toEqual({ reason: 'Not on the bank statement' });
    expect(lastBody(fetch, '/api/payments/p2/reject')).toEqual({ reason: 'Not on the bank statement' });
  });

  it('offers neither verify, reject, selection nor recording to a role that may only view payments', async () => {
    setup({}, '/inbound-payments', { Payments: ['view'] });
    await screen.findByRole('row', { name: /PAY-2031-000001/ });
    expect(screen.queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select PAY/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
  });
});
