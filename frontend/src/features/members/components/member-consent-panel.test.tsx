import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@/features/members/api/get-members';
import { MemberDetailPage } from '@/features/members/pages/member-detail-page';
import { consentOptions, consentRecord } from '@/features/members/test/consent-fixtures';
import { memberFixture } from '@/features/members/test/member-fixtures';
import { findDialog, queryDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Grants = Parameters<typeof meWith>[0];

const khalid = memberFixture('m3', { firstName: 'Khalid', lastName: 'Buyer', status: 'approved', promoConsentSms: true });
const smsConsent = consentRecord('c1');
const emailWithdrawal = consentRecord('c2', {
  channel: 'email',
  given: false,
  at: '2031-05-02T17:45:00Z',
  method: 'unsubscribe_link',
  methodLabel: 'The unsubscribe link in a promotional email',
  wording: null,
  recordedBy: 'Khalid Buyer',
  recordedById: null,
});
const emailConsent = consentRecord('c3', { channel: 'email', at: '2031-05-03T08:00:00Z', wording: consentOptions.wording.email });

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/members/m3': { body: khalid },
    'GET /api/lookups/plans': { body: [] },
    'GET /api/members/consent-options': { body: consentOptions },
    'GET /api/members/m3/consents': { body: { items: [emailWithdrawal, smsConsent] } },
    ...api,
  });
  const rendered = renderWithProviders(<MemberDetailPage />, { path: '/members/:memberId', route: '/members/m3' });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string, method = 'GET') => fetch.mock.calls.filter(([called, init]) => called === url && (init?.method ?? 'GET') === method);
const lastPost = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.findLastIndex(([called, init]) => called === url && init?.method === 'POST')).body;

async function channelRow(channel: string) {
  const table = await screen.findByRole('table', { name: 'Promotions consent by channel' });
  return within(table).getByRole('row', { name: new RegExp(`^${channel}`) });
}

/** Opens the dialog from a channel's button ('Record consent' or 'Record withdrawal'). */
async function openDialog(user: ReturnType<typeof userEvent.setup>, channel: string, button: string, title: string) {
  const row = await channelRow(channel);
  const open = within(row).getByRole('button', { name: button });
  await waitFor(() => expect(open).toBeEnabled());
  await user.click(open);
  return findDialog(title);
}

describe('the Promotions consent panel', () => {
  it('shows per channel whether the member consents now, and a button to record the change', async () => {
    setup();
    const panel = await screen.findByRole('region', { name: 'Promotions consent' });
    expect(panel).toHaveTextContent('Promotions go only where the member agreed.');
    expect(await channelRow('SMS')).toHaveTextContent('SMSConsentsRecord withdrawal');
    expect(await channelRow('WhatsApp')).toHaveTextContent('WhatsAppDoes not consentRecord consent');
    expect(await channelRow('Email')).toHaveTextContent('EmailDoes not consentRecord consent');
  });

  it("lists the member's records, newest first, in Dubai time, the wording cut to a line with the whole text on hover", async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Consent records of the member' });
    await within(table).findByText('Khalid Buyer');
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '02/05/2031 21:45EmailWithdrawalThe unsubscribe link in a promotional emailNoneKhalid Buyer',
      `01/05/2031 10:00SMSConsentSigned form at the counter${consentOptions.wording.sms}Amira Haddad`,
    ]);
    const wording = within(rows[2] as HTMLElement).getByText(consentOptions.wording.sms);
    Object.defineProperty(wording, 'scrollWidth', { configurable: true, value: 600 });
    await user.hover(wording);
    expect(wording).toHaveAttribute('title', consentOptions.wording.sms);
  });

  it('says so in a sentence when nothing was recorded', async () => {
    setup({ 'GET /api/members/m3/consents': { body: { items: [] } } });
    const table = await screen.findByRole('table', { name: 'Consent records of the member' });
    expect(await within(table).findByText('No consent or withdrawal has been recorded for this member.')).toBeInTheDocument();
  });

  it('offers a failed list again', async () => {
    const { fetch, user } = setup({ 'GET /api/members/m3/consents': { status: 500, body: { message: 'Database unavailable' } } });
    const panel = await screen.findByRole('region', { name: 'Consent records' });
    expect(await within(panel).findByText('Failed to fetch the consent records')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls(fetch, '/api/members/m3/consents')).toHaveLength(2));
  });

  it('has no buttons for a role without Members edit, and does not ask for the methods', async () => {
    const { fetch } = setup({}, { Members: ['view'] });
    expect(await channelRow('SMS')).toHaveTextContent('SMSConsents');
    expect(screen.queryByRole('button', { name: 'Record consent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record withdrawal' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Consent records of the member' })).toBeInTheDocument();
    expect(calls(fetch, '/api/members/consent-options')).toHaveLength(0);
  });
});

describe('recording a consent or a withdrawal', () => {
  it('records a consent with how it was given and the wording; the member and the records are read again', async () => {
    let member: Member = khalid;
    let items = [emailWithdrawal, smsConsent];
    const { fetch, user } = setup({
      'GET /api/members/m3': () => ({ body: member }),
      'GET /api/members/m3/consents': () => ({ body: { items } }),
      'POST /api/members/m3/consents': () => {
        member = { ...khalid, promoConsentEmail: true };
        items = [emailConsent, ...items];
        return { status: 201, body: { record: emailConsent, member } };
      },
    });
    const dialog = await openDialog(user, 'Email', 'Record consent', 'Record consent: Email');
    expect(dialog).toHaveTextContent('The member agrees to promotions by Email');
    expect(within(dialog).getByRole('textbox', { name: 'Wording the member agreed to' })).toHaveValue(consentOptions.wording.email);
    await user.click(within(dialog).getByRole('combobox', { name: 'How it was given' }));
    const offered = await screen.findAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual(['Signed form at the counter', 'In writing from the member (email or letter)']);
    await user.click(screen.getByRole('option', { name: 'Signed form at the counter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Consent to Email promotions recorded')).toBeInTheDocument();
    await waitFor(() => expect(queryDialog('Record consent: Email')).toBeUndefined());
    expect(lastPost(fetch, '/api/members/m3/consents')).toEqual({ channel: 'email', given: true, method: 'counter_form', wording: consentOptions.wording.email });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Promotions consent by channel' })).getByRole('row', { name: /^Email/ })).toHaveTextContent('EmailConsentsRecord withdrawal'));
    const records = screen.getByRole('table', { name: 'Consent records of the member' });
    await waitFor(() => expect(within(records).getAllByRole('row')).toHaveLength(4));
    expect(within(records).getAllByRole('row')[1]).toHaveTextContent(`03/05/2031 12:00EmailConsentSigned form at the counter${consentOptions.wording.email}Amira Haddad`);
  });

  it('needs the wording for a consent and how it was given, and sends nothing without them', async () => {
    const { fetch, user } = setup();
    const dialog = await openDialog(user, 'WhatsApp', 'Record consent', 'Record consent: WhatsApp');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Wording the member agreed to' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the wording the member agreed to.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose how the member gave it.')).toBeInTheDocument();
    expect(calls(fetch, '/api/members/m3/consents', 'POST')).toHaveLength(0);
  });

  it('records a withdrawal by phone with no note: the methods of a withdrawal, the note optional', async () => {
    const withdrawn = consentRecord('c4', { given: false, method: 'phone_request', methodLabel: 'The member asked by phone', wording: null });
    const { fetch, user } = setup({ 'POST /api/members/m3/consents': { status: 201, body: { record: withdrawn, member: { ...khalid, promoConsentSms: false } } } });
    const dialog = await openDialog(user, 'SMS', 'Record withdrawal', 'Record withdrawal: SMS');
    expect(dialog).toHaveTextContent('The member withdraws their consent to promotions by SMS');
    expect(within(dialog).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('');
    await user.click(within(dialog).getByRole('combobox', { name: 'How the member withdrew' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Signed form at the counter',
      'In writing from the member (email or letter)',
      'The member asked by phone',
    ]);
    await user.click(screen.getByRole('option', { name: 'The member asked by phone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Withdrawal from SMS promotions recorded')).toBeInTheDocument();
    expect(lastPost(fetch, '/api/members/m3/consents')).toEqual({ channel: 'sms', given: false, method: 'phone_request', wording: null });
  });

  it("shows the server's refusal at its field: the method, the wording", async () => {
    const byPhone = 'Consent to promotions is never taken by phone or SMS: record it from a signed form or the member’s writing.';
    const tooShort = 'Enter the wording the member agreed to (at least 20 characters).';
    let answer = { status: 422, body: { message: byPhone, errors: [{ field: 'method', message: byPhone }] } };
    const { user } = setup({ 'POST /api/members/m3/consents': () => answer });
    const dialog = await openDialog(user, 'Email', 'Record consent', 'Record consent: Email');
    await pickOption(user, 'How it was given', 'Signed form at the counter');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(byPhone)).toBeInTheDocument();

    answer = { status: 422, body: { message: tooShort, errors: [{ field: 'wording', message: tooShort }] } };
    const wording = within(dialog).getByRole('textbox', { name: 'Wording the member agreed to' });
    await user.clear(wording);
    await user.type(wording, 'I agree.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(tooShort)).toBeInTheDocument();
    expect(wording).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a 409 (already in that state) under what it records, and reads the member again', async () => {
    const already = 'Khalid Buyer already consents to promotions by email.';
    const { fetch, user } = setup({ 'POST /api/members/m3/consents': { status: 409, body: { message: already, errors: [{ field: 'given', message: already }] } } });
    const dialog = await openDialog(user, 'Email', 'Record consent', 'Record consent: Email');
    await pickOption(user, 'How it was given', 'Signed form at the counter');
    const before = calls(fetch, '/api/members/m3').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const sentence = await within(dialog).findByText(already);
    expect(sentence.closest('.ant-form-item')).toHaveTextContent('The member agrees to promotions by Email');
    await waitFor(() => expect(calls(fetch, '/api/members/m3').length).toBeGreaterThan(before));
  });

  it('sends one request for a double click on Save', async () => {
    const { fetch } = setup({ 'POST /api/members/m3/consents': { status: 201, body: { record: emailConsent, member: { ...khalid, promoConsentEmail: true } } } });
    let answer: (value?: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input === '/api/members/m3/consents' && init?.method === 'POST') await held;
      return fetch(input, init);
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user, 'Email', 'Record consent', 'Record consent: Email');
    await pickOption(user, 'How it was given', 'Signed form at the counter');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    answer();
    expect(await screen.findByText('Consent to Email promotions recorded')).toBeInTheDocument();
    expect(calls(fetch, '/api/members/m3/consents', 'POST')).toHaveLength(1);
  });
});
