import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_REFRESH_MS, SCHEDULED_REFRESH_MS, campaignsQueryOptions, startingNow, type CampaignList } from '@/features/alerts/api/get-campaigns';
import { CampaignsTab } from '@/features/alerts/components/campaigns-tab';
import { campaign, campaignList, campaignOptions } from '@/features/alerts/test/alerts-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Grants = Parameters<typeof meWith>[0];

const done = campaign({ _id: 'c2', name: 'Spring sale', status: 'done', finishedAt: '2031-04-01T08:00:00Z', results: { written: 3, waiting: 0, sent: 2, delivered: 2, read: 0, failed: 0, cancelled: 0, optedOut: 1, percent: 100 } });
const preview = (init: RequestInit | undefined) => {
  const asked = JSON.parse(String(init?.body)) as { body: string };
  return { body: { subject: null, body: asked.body, bodyHtml: null, variables: [], sms: { encoding: 'GSM-7', characters: asked.body.length, units: asked.body.length, segments: 1, perSegment: 160, remaining: 100 } } };
};

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/alerts/campaigns/get': { body: campaignList([campaign(), done]) },
    'POST /api/alerts/templates/get': { body: { data: [] } },
    'GET /api/alerts/campaigns/options': { body: campaignOptions() },
    'POST /api/alerts/templates/preview': preview,
    'GET /api/lookups/plans': { body: [{ _id: 'p1', name: 'Gold', buyingPower: 100000 }] },
    'POST /api/alerts/campaigns/audience-count': (init) => {
      const asked = JSON.parse(String(init?.body)) as { audience: { memberType: string | null } };
      return { body: asked.audience.memberType === 'seller' ? { recipients: 0, matching: 5 } : { recipients: 2, matching: 3 } };
    },
    ...api,
  });
  const rendered = renderWithProviders(<CampaignsTab channel="sms" />);
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [index] : []));
const lastBody = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, calls(fetch, url).at(-1)!).body;

describe('Campaigns', () => {
  it('lists the campaigns with their progress and results', async () => {
    const { fetch } = setup();
    const row = await screen.findByRole('row', { name: /Classic cars/ });
    expect(row).toHaveTextContent('Classic carsSending01/05/2031 10:004');
    expect(within(row).getByRole('progressbar', { name: 'Progress of Classic cars' })).toHaveAttribute('aria-valuenow', '50');
    expect(row).toHaveTextContent('4 of 4 written · 2 sent · 1 delivered · 0 failed · 0 opted out');
    const finished = screen.getByRole('row', { name: /Spring sale/ });
    expect(within(finished).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(finished).toHaveTextContent('1 opted out');
    expect(within(finished).queryByRole('button', { name: 'Cancel Spring sale' })).not.toBeInTheDocument();
    expect(lastBody(fetch, '/api/alerts/campaigns/get')).toEqual({ channel: 'sms', pageNo: 1, limit: 10 });
  });

  it('refreshes the list every few seconds while a campaign is on its way, and not once all are done', () => {
    const refresh = campaignsQueryOptions({ channel: 'sms' }).refetchInterval as (query: { state: { data?: CampaignList } }) => number | false;
    expect(refresh({ state: { data: campaignList([campaign(), done]) } })).toBe(CAMPAIGN_REFRESH_MS);
    expect(refresh({ state: { data: campaignList([campaign({ status: 'queueing' }), campaign({ status: 'scheduled' })]) } })).toBe(CAMPAIGN_REFRESH_MS);
    expect(refresh({ state: { data: campaignList([campaign({ status: 'scheduled' }), done]) } })).toBe(SCHEDULED_REFRESH_MS);
    expect(refresh({ state: { data: campaignList([done]) } })).toBe(false);
  });

  it('refreshes every few seconds after Send now while the list still reads the campaign as scheduled, until it leaves that', () => {
    const refresh = campaignsQueryOptions({ channel: 'sms' }).refetchInterval as (query: { state: { data?: CampaignList } }) => number | false;
    const sent = campaign({ _id: 'sent-now', status: 'scheduled' });
    startingNow(sent);
    expect(refresh({ state: { data: campaignList([sent]) } })).toBe(CAMPAIGN_REFRESH_MS);
    expect(refresh({ state: { data: campaignList([{ ...sent, status: 'sending' }]) } })).toBe(CAMPAIGN_REFRESH_MS);
    // Once it has left 'scheduled' it is followed by its status alone.
    expect(refresh({ state: { data: campaignList([sent]) } })).toBe(SCHEDULED_REFRESH_MS);
  });

  it('writes a campaign, shows how many consenting members will receive it, and sends it now in one request', async () => {
    const { fetch, user } = setup({
      'POST /api/alerts/campaigns/send': { status: 201, body: campaign({ status: 'scheduled', recipientCount: 2 }) },
    });
    await user.click(await screen.findByRole('button', { name: /New campaign/ }));
    const dialog = await findDialog('New SMS campaign');
    // The count is asked again once the form holds its first audience: both sentences come from the answer.
    await waitFor(() => {
      expect(dialog).toHaveTextContent('2 members will receive it');
      expect(dialog).toHaveTextContent('3 members match the filters; only those who agreed to promotions by SMS receive it.');
    });
    await fill(user, within(dialog).getByLabelText('Campaign name'), 'Classic cars');
    await fill(user, within(dialog).getByLabelText('English text'), 'Hello {{ member.firstName }}, classic cars this Thursday.');
    const arabic = within(dialog).getByLabelText('Arabic text');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await fill(user, arabic, 'مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس.');
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'English preview' })).toHaveTextContent('classic cars this Thursday. To opt out send B AD-GAVEL to 7726'));
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Classic cars is being sent to 2 members.')).toBeInTheDocument();
    expect(lastBody(fetch, '/api/alerts/campaigns/send')).toEqual({
      channel: 'sms',
      name: 'Classic cars',
      templateId: null,
      subjectEn: null,
      subjectAr: null,
      bodyEn: 'Hello {{ member.firstName }}, classic cars this Thursday.',
      bodyAr: 'مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس.',
      audience: { memberType: 'buyer', memberEntity: null, sellerType: null, securityPlan: null, status: 'approved' },
      sendAt: null,
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
    });
    expect(calls(fetch, '/api/alerts/campaigns')).toHaveLength(0); // no draft written first
  });

  it('keeps the dialog open with the server’s refusal (which left no draft), and sends again with the same key once the audience is changed', async () => {
    const nobody = 'Nobody would receive this campaign: none of the 5 members who match the filters consented to promotions by SMS.';
    let answer: { status?: number; body: unknown } = { status: 422, body: { message: nobody, errors: [{ field: 'audience', message: nobody }] } };
    const { fetch, user } = setup({ 'POST /api/alerts/campaigns/send': () => answer });
    await user.click(await screen.findByRole('button', { name: /New campaign/ }));
    const dialog = await findDialog('New SMS campaign');
    await fill(user, within(dialog).getByLabelText('Campaign name'), 'Sellers only');
    await fill(user, within(dialog).getByLabelText('English text'), 'Sell with us');
    await fill(user, within(dialog).getByLabelText('Arabic text'), 'بع معنا');
    await pickOption(user, 'Member type', 'Sellers');
    await waitFor(() => expect(dialog).toHaveTextContent('0 members will receive it'));
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByText(nobody)).toBeInTheDocument();
    answer = { body: campaign({ status: 'scheduled', recipientCount: 2 }) };
    await pickOption(user, 'Member type', 'Buyers');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Classic cars is being sent to 2 members.')).toBeInTheDocument();
    const [refused, sent] = calls(fetch, '/api/alerts/campaigns/send').map((index) => sentRequest(fetch, index).body as { requestKey: string });
    expect(sent).toMatchObject({ name: 'Sellers only', audience: { memberType: 'buyer' } });
    expect(sent?.requestKey).toBe(refused?.requestKey); // the refusal kept nothing: the same dialog, the same key
    expect(calls(fetch, '/api/alerts/campaigns')).toHaveLength(0);
  }, 45_000); // two round trips through the whole dialog: about 16 s in jsdom on a quiet 2-core machine

  it('cancels a campaign on its way after asking, in the server’s words', async () => {
    const { fetch, user } = setup({
      'PUT /api/alerts/campaigns/c1/cancel': { body: { message: "'Classic cars' cancelled: 2 queued messages will not be sent.", data: campaign({ status: 'cancelled' }) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Classic cars' }));
    const ask = await findDialog('Cancel Classic cars?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel campaign' }));
    expect(await screen.findByText("'Classic cars' cancelled: 2 queued messages will not be sent.")).toBeInTheDocument();
    expect(calls(fetch, '/api/alerts/campaigns/c1/cancel')).toHaveLength(1);
  });

  it('offers neither New campaign nor Cancel to a role that may only view alerts', async () => {
    setup({}, { Alerts: ['view'] });
    await screen.findByRole('row', { name: /Classic cars/ });
    expect(screen.queryByRole('button', { name: /New campaign/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Classic cars' })).not.toBeInTheDocument();
  });
});
