import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChannelPage } from '@/features/alerts/pages/channel-page';
import { messageDetail, messageList, threeMessages } from '@/features/alerts/test/alerts-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Grants = Parameters<typeof meWith>[0];

function setup(api: MockRoutes = {}, route = '/promotions', grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/alerts/messages': { body: messageList(threeMessages) },
    'GET /api/alerts/messages/a2': { body: messageDetail() },
    ...api,
  });
  const rendered = renderWithProviders(<ChannelPage channel="sms" />, { path: '/promotions', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [index] : []));
const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, calls(fetch, url).at(-1)!).body;

describe('/promotions: the SMS screen', () => {
  it('is titled SMS and promotions, with the messages, templates and campaigns tabs', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'SMS and promotions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Messages', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Templates' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Campaigns' })).toBeInTheDocument();
  });

  it('counts the messages per status; a card filters the list, kept in the URL', async () => {
    const { fetch, router, user } = setup();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const failed = within(summary).getByRole('button', { name: /^Failed/ });
    await waitFor(() => expect(failed).toHaveTextContent('Failed1'));
    await user.click(failed);
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(lastBody(fetch, '/api/alerts/messages')).toEqual({ channel: 'sms', pageNo: 1, limit: 10, status: 'failed' }));
  });

  it('lists each message with its recipient, event, language, text and status; reads the filters from the URL', async () => {
    const { fetch, router, user } = setup({}, '/promotions?search=khalid&event=memberApproved&dates=2031-05-01..&status=nope');
    const row = await screen.findByRole('row', { name: /Khalid Member2/ });
    // The status (the list's key figure, issue 29) comes right after the recipient, then when it was written, the event, language and text.
    expect(row).toHaveTextContent(/^Khalid Member2 · \+971506667702Failed ?The number is not a mobile number.*Member approvedArabicGavel: مرحباً Khalid، تمت الموافقة على تسجيلك\./);
    expect(screen.getByRole('row', { name: /Classic cars/ })).toHaveTextContent('PromotionEnglish');
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/messages')[0]!).body).toEqual({
      channel: 'sms',
      pageNo: 1,
      limit: 10,
      search: 'khalid',
      event: 'memberApproved',
      dateFrom: '2031-05-01',
    });
    await pickOption(user, 'Filter by status', 'Delivered');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('delivered'));
    await waitFor(() => expect(lastBody(fetch, '/api/alerts/messages')).toMatchObject({ status: 'delivered', event: 'memberApproved', search: 'khalid' }));
  });

  it('opens a message in the drawer: its Arabic text right to left, the segments, the timeline; and retries it', async () => {
    const { fetch, router, user } = setup({
      'PUT /api/alerts/messages/retry': { body: { message: '1 message queued again.', changed: 1 } },
    });
    await user.click(await screen.findByRole('button', { name: 'View the message to Khalid Member2 · +971506667702' }));
    const drawer = await findDialog('Message to Khalid Member2');
    expect(new URLSearchParams(router.state.location.search).get('message')).toBe('a2');
    const text = within(drawer).getByRole('region', { name: 'Text as sent' });
    expect(text).toHaveAttribute('dir', 'rtl');
    expect(text).toHaveTextContent('يمكنك الآن المشاركة في مزاداتنا');
    expect(within(drawer).getByRole('status')).toHaveTextContent('75 characters · 2 segments (UCS-2, 59 left)');
    const timeline = within(drawer).getByRole('list', { name: 'Delivery timeline' });
    expect(timeline).toHaveTextContent('Queued · 01/05/2031 10:00Written');
    expect(timeline).toHaveTextContent('Failed · 01/05/2031 10:01The number is not a mobile number');
    await user.click(within(drawer).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('1 message queued again.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/alerts/messages/retry')).toEqual({ ids: ['a2'] });
  });

  it('shows a promotional email’s unsubscribe link', async () => {
    const unsubscribe = 'https://gavel.example.com/unsubscribe/eyJtIjoibTIifQ.c2lnbmVk';
    setup({ 'GET /api/alerts/messages/a2': { body: messageDetail({ channel: 'email', origin: 'campaign', event: null, subject: 'Classic cars', unsubscribeUrl: unsubscribe }) } }, '/promotions?message=a2');
    const drawer = await findDialog('Message to Khalid Member2');
    expect(within(drawer).getByRole('link', { name: unsubscribe })).toHaveAttribute('href', unsubscribe);
    expect(drawer).not.toHaveTextContent('Twilio Content SID');
  });

  it('shows the approved template and the Twilio Content SID a WhatsApp promotion went out with', async () => {
    const sid = `HX${'0123456789abcdef'.repeat(2)}`;
    setup({ 'GET /api/alerts/messages/a2': { body: messageDetail({ channel: 'whatsapp', origin: 'campaign', event: null, whatsappTemplate: 'gavel_classic_cars', twilioContentSid: sid, sms: null }) } }, '/promotions?message=a2');
    const drawer = await findDialog('Message to Khalid Member2');
    await waitFor(() => expect(drawer).toHaveTextContent(`Approved templategavel_classic_carsTwilio Content SID${sid}`));
    expect(within(drawer).queryByText('Unsubscribe link')).not.toBeInTheDocument();
  });

  it('cancels the ticked messages in one request, and shows the refusal naming the others', async () => {
    const refusal = 'Only queued or failed messages can be cancelled: +971506667701 (memberApproved) is delivered.';
    const { fetch, user } = setup({ 'PUT /api/alerts/messages/cancel': { status: 409, body: { message: refusal, errors: [] } } });
    await user.click(await screen.findByRole('checkbox', { name: /Select Khalid Member2/ }));
    await user.click(screen.getAllByRole('checkbox', { name: /Select Aisha Member1/ })[0]!);
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: /Cancel selected/ }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(lastBody(fetch, '/api/alerts/messages/cancel')).toEqual({ ids: ['a2', 'a1'] });
  });

  it('offers no selection, retry or cancel to a role that may only view alerts', async () => {
    setup({}, '/promotions?message=a2', { Alerts: ['view'] });
    await screen.findByRole('row', { name: /Khalid Member2/ });
    expect(screen.queryByRole('checkbox', { name: /Select/ })).not.toBeInTheDocument();
    const drawer = await findDialog('Message to Khalid Member2');
    expect(within(drawer).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});
