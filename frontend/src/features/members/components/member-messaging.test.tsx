import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemberDetailPage } from '@/features/members/pages/member-detail-page';
import { memberFixture } from '@/features/members/test/member-fixtures';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const khalid = memberFixture('m3', { firstName: 'Khalid', lastName: 'Buyer', status: 'approved', preferredLanguage: 'ar', promoConsentSms: true });
const message = (id: string, channel: 'sms' | 'email', fields: Record<string, unknown> = {}) => ({
  _id: id,
  channel,
  origin: 'event',
  event: 'memberApproved',
  campaignId: null,
  memberId: 'm3',
  recipient: channel === 'email' ? 'khalid@example.com' : '+971501112233',
  recipientName: 'Khalid Buyer',
  language: 'ar',
  subject: channel === 'email' ? 'تمت الموافقة على تسجيلك' : null,
  snippet: 'Gavel: مرحباً Khalid، تمت الموافقة على تسجيلك.',
  status: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  provider: 'local',
  lastError: null,
  attachmentKind: null,
  attachmentId: null,
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  cancelledAt: null,
  createdAt: '2031-05-01T06:00:00Z',
  ...fields,
});
const messages = { data: [message('a1', 'sms'), message('a2', 'email', { status: 'failed' })], totalPages: 1, currentPage: 1, totalMatching: 2, counts: {} };

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING, route = '/members/m3') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/members/m3': { body: khalid },
    'GET /api/lookups/plans': { body: [] },
    'GET /api/members/m3/auction-history': { body: { data: [] } },
    'POST /api/alerts/messages': { body: messages },
    ...api,
  });
  const rendered = renderWithProviders(<MemberDetailPage />, { path: '/members/:memberId', route });
  return { ...rendered, fetch, user: userEvent.setup() };
}

describe("a member's messages", () => {
  it('shows the language of their messages and saves a change; promotion consent is no field of the form and is never sent', async () => {
    const { fetch, user } = setup({
      'PUT /api/members/update-member/m3': { body: { ...khalid, preferredLanguage: 'en' } },
      'GET /api/members/consent-options': { body: { methods: [], wording: { sms: '', whatsapp: '', email: '' } } },
      'GET /api/members/m3/consents': { body: { items: [] } },
    });
    const form = await screen.findByRole('form', { name: 'Member Information' });
    expect(within(form).getByRole('radio', { name: 'Arabic' })).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: /promotions/ })).not.toBeInTheDocument();
    expect(form).toHaveTextContent("Consent to promotions is recorded on the member's page, under Promotions consent, with how it was given.");
    await user.click(within(form).getByRole('radio', { name: 'English' }).closest('label')!);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();
    const put = fetch.mock.calls.findIndex(([url]) => url === '/api/members/update-member/m3');
    const body = sentRequest(fetch, put).body as Record<string, unknown>;
    expect(body).toMatchObject({ preferredLanguage: 'en' });
    expect(Object.keys(body).filter((key) => key.startsWith('promoConsent'))).toEqual([]);
  });

  it('lists the messages sent to them on every channel; each opens on its channel’s screen', async () => {
    const { fetch, user } = setup({}, EVERYTHING, '/members/m3?tab=messages');
    const table = await screen.findByRole('table', { name: 'Messages sent to the member' });
    const sms = await within(table).findByRole('row', { name: /\+971501112233/ });
    expect(sms).toHaveTextContent('01/05/2031 10:00SMSMember approved+971501112233Gavel: مرحباً Khalid، تمت الموافقة على تسجيلك.Delivered');
    expect(within(table).getByRole('row', { name: /khalid@example.com/ })).toHaveTextContent('emailMember approvedkhalid@example.comتمت الموافقة على تسجيلكFailed');
    expect(within(sms).getByRole('link', { name: 'Open the SMS message of 01/05/2031 10:00: Member approved' })).toHaveAttribute('href', '/promotions?message=a1');
    const asked = fetch.mock.calls.findIndex(([url]) => url === '/api/alerts/messages');
    expect(sentRequest(fetch, asked).body).toEqual({ memberId: 'm3', pageNo: 1, limit: 10 });
    await user.click(screen.getByRole('tab', { name: 'Member Information' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Messages sent to the member' })).not.toBeInTheDocument());
  });

  it('has no Messages tab without the Alerts view privilege', async () => {
    setup({}, { Members: 'all' });
    await screen.findByRole('form', { name: 'Member Information' });
    expect(screen.queryByRole('tab', { name: 'Messages' })).not.toBeInTheDocument();
  });
});
