import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '@/features/alerts/api/get-messages';
import { CampaignModal } from '@/features/alerts/components/campaign-modal';
import { campaign, campaignOptions, template } from '@/features/alerts/test/alerts-fixtures';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

type Grants = Parameters<typeof meWith>[0];

const promotion = template({
  _id: 'p1',
  event: null,
  channel: 'whatsapp',
  name: 'Classic cars',
  description: null,
  bodyEn: 'Classic cars this Thursday, {{ member.firstName }}.',
  bodyAr: 'سيارات كلاسيكية هذا الخميس.',
  whatsappTemplateName: 'gavel_classic_cars',
});
const unnamed = { ...promotion, _id: 'p2', name: 'Spring sale', whatsappTemplateName: null };
const OPT_OUT_EN = 'To opt out send B AD-GAVEL to 7726';

/** The preview answers the text as asked, an SMS counted as GSM-7 (160 characters a segment, 153 when split). */
const preview = (init: RequestInit | undefined) => {
  const asked = JSON.parse(String(init?.body)) as { channel: Channel; body: string };
  const characters = asked.body.length;
  const segments = characters <= 160 ? 1 : Math.ceil(characters / 153);
  const sms = asked.channel === 'sms' ? { encoding: 'GSM-7', characters, units: characters, segments, perSegment: segments === 1 ? 160 : 153, remaining: segments * (segments === 1 ? 160 : 153) - characters } : null;
  return { body: { subject: null, body: asked.body, bodyHtml: null, variables: [], sms } };
};

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING, channel: Channel = 'whatsapp') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/alerts/campaigns/options': { body: campaignOptions({ quietFrom: '22:00', quietUntil: '07:30' }) },
    'POST /api/alerts/templates/get': { body: { data: [template({ channel }), ...(channel === 'whatsapp' ? [promotion, unnamed] : [])] } },
    'POST /api/alerts/templates/preview': preview,
    'GET /api/lookups/plans': { body: [] },
    'POST /api/alerts/campaigns/audience-count': { body: { recipients: 2, matching: 3 } },
    'POST /api/alerts/campaigns/send': { status: 201, body: campaign({ status: 'scheduled', channel, recipientCount: 2 }) },
    ...api,
  });
  const rendered = renderWithProviders(<CampaignModal channel={channel} open onClose={() => undefined} />);
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [index] : []));
const previewed = (fetch: ReturnType<typeof mockFetch>) => calls(fetch, '/api/alerts/templates/preview').map((index) => (sentRequest(fetch, index).body as { body: string }).body);

/** Writes the campaign from the promotion template and sends it now. */
async function sendNow(user: ReturnType<typeof userEvent.setup>, title: string) {
  const dialog = await findDialog(title);
  await fill(user, within(dialog).getByLabelText('Campaign name'), 'Classic cars');
  await pickOption(user, 'Promotion template', /^Classic cars/);
  await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
}

describe('The campaign dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the WhatsApp promotion templates with their Meta template names and shows the texts of the one picked, read-only', async () => {
    const { user } = setup();
    const dialog = await findDialog('New WhatsApp campaign');
    expect(dialog).toHaveTextContent('WhatsApp only delivers marketing through templates approved by Meta: free text is not offered.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Promotion template' }));
    expect(await screen.findByRole('option', { name: 'Classic cars (gavel_classic_cars)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Spring sale' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Member approved/ })).not.toBeInTheDocument(); // event templates are not offered
    await user.click(screen.getByRole('option', { name: 'Classic cars (gavel_classic_cars)' }));
    await waitFor(() => expect(within(dialog).getByLabelText('English text')).toHaveValue(promotion.bodyEn));
    expect(within(dialog).getByLabelText('English text')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Arabic text')).toHaveValue(promotion.bodyAr);
    expect(within(dialog).getByLabelText('Arabic text')).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent('Sent through Meta as the approved template gavel_classic_cars.');
    // No opt-out line is added to WhatsApp: the approved template carries its own.
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'English preview' })).toHaveTextContent('Classic cars this Thursday, {{ member.firstName }}.'));
    expect(within(dialog).getByRole('region', { name: 'English preview' })).not.toHaveTextContent(OPT_OUT_EN);
  });

  it('says when Meta sends WhatsApp that a template without a Meta template name is refused', async () => {
    const { user } = setup();
    const dialog = await findDialog('New WhatsApp campaign');
    await pickOption(user, 'Promotion template', 'Spring sale');
    await waitFor(() => expect(dialog).toHaveTextContent("This template names no Meta template: Meta's WhatsApp API refuses it. Enter the approved template's name under Templates."));
  });

  it('does not offer WhatsApp free text: Send asks for an approved template and sends nothing', async () => {
    const { fetch, user } = setup();
    const dialog = await findDialog('New WhatsApp campaign');
    expect(within(dialog).queryByText('Free text')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Choose an approved template')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Campaign name'), 'Classic cars');
    await user.type(within(dialog).getByLabelText('English text'), 'A free text');
    expect(within(dialog).getByLabelText('English text')).toHaveValue(''); // read-only: nothing typed in
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByText('Choose the approved template: WhatsApp does not deliver promotions written as free text.')).toBeInTheDocument();
    expect(calls(fetch, '/api/alerts/campaigns/send')).toHaveLength(0);
  });

  it('says which Content SIDs a template lacks when Twilio sends WhatsApp', async () => {
    const twilio = campaignOptions({}, { whatsapp: { ready: true, reason: null, provider: 'twilio' } });
    const { user } = setup({
      'GET /api/alerts/campaigns/options': { body: twilio },
      'POST /api/alerts/templates/get': { body: { data: [{ ...promotion, twilioContentSidEn: `HX${'a'.repeat(32)}`, twilioContentSidAr: null }] } },
    });
    const dialog = await findDialog('New WhatsApp campaign');
    await pickOption(user, 'Promotion template', /^Classic cars/);
    await waitFor(() => expect(dialog).toHaveTextContent('This template has no Twilio Content SID in Arabic: Twilio refuses it. Enter them under Templates.'));
  });

  it('shows why the channel would refuse the campaign before Send, keeps Send disabled, and saves it as a draft', async () => {
    const reason = "SMS campaigns need a promotional sender ID: the UAE's rules send promotions from a sender of their own that starts with AD- (e.g. AD-GAVEL).";
    const notReady = campaignOptions({}, { sms: { ready: false, reason, sender: null, optOutEn: OPT_OUT_EN, optOutAr: 'لإلغاء الاشتراك' } });
    const { fetch, user } = setup(
      { 'GET /api/alerts/campaigns/options': { body: notReady }, 'POST /api/alerts/campaigns': { status: 201, body: campaign({ status: 'draft', name: 'Classic cars' }) } },
      EVERYTHING,
      'sms',
    );
    const dialog = await findDialog('New SMS campaign');
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('This SMS campaign cannot be sent yet');
    expect(refusal).toHaveTextContent(reason);
    expect(within(dialog).getByRole('button', { name: 'Send now' })).toBeDisabled();
    expect(dialog).not.toHaveTextContent('Sent from'); // no sender to name

    await fill(user, within(dialog).getByLabelText('Campaign name'), 'Classic cars');
    await fill(user, within(dialog).getByLabelText('English text'), 'Classic cars this Thursday.');
    await fill(user, within(dialog).getByLabelText('Arabic text'), 'سيارات كلاسيكية هذا الخميس.');
    await user.click(within(refusal).getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Classic cars saved as a draft.')).toBeInTheDocument();
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/campaigns')[0]!).body).toMatchObject({ channel: 'sms', name: 'Classic cars', bodyEn: 'Classic cars this Thursday.' });
    expect(calls(fetch, '/api/alerts/campaigns/send')).toHaveLength(0);
  });

  it('says why WhatsApp cannot send without a promotion template, and offers no draft to keep', async () => {
    const reason = "Add a WhatsApp promotion template first (Alerts, Templates, WhatsApp) with the name of a template approved in Meta's WhatsApp Manager.";
    setup({
      'GET /api/alerts/campaigns/options': { body: campaignOptions({}, { whatsapp: { ready: false, reason, provider: 'meta' } }) },
      'POST /api/alerts/templates/get': { body: { data: [template({ channel: 'whatsapp' })] } },
    });
    const dialog = await findDialog('New WhatsApp campaign');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`This WhatsApp campaign cannot be sent yet${reason}`);
    expect(within(dialog).getByRole('button', { name: 'Send now' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Promotion template' })).toBeDisabled();
  });

  it('counts an SMS with the opt-out text of Settings, Business appended, shows it in the preview and names the promotional sender', async () => {
    const { fetch, user } = setup({}, EVERYTHING, 'sms');
    const dialog = await findDialog('New SMS campaign');
    await waitFor(() => expect(dialog).toHaveTextContent('Sent from AD-GAVEL, the promotional sender.'));
    const text = 'x'.repeat(130); // 130 characters fit one segment alone; with the line break and the 34 of the opt-out text, 165 need two
    await fill(user, within(dialog).getByLabelText('English text'), text);
    const english = within(dialog).getByRole('region', { name: 'English preview' });
    await waitFor(() => expect(english).toHaveTextContent(`${text} ${OPT_OUT_EN}`, { normalizeWhitespace: true }));
    expect(within(english).getByRole('status')).toHaveTextContent('165 characters · 2 segments (GSM-7, 141 left)');
    expect(previewed(fetch)).toContain(`${text}\n${OPT_OUT_EN}`);
    await fill(user, within(dialog).getByLabelText('Arabic text'), 'سيارات');
    await waitFor(() => expect(previewed(fetch)).toContain('سيارات\nلإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726'));
  });

  it('says an unsubscribe link is added to every promotional email, and adds no opt-out line to its text', async () => {
    const { fetch, user } = setup({}, EVERYTHING, 'email');
    const dialog = await findDialog('New email campaign');
    expect(dialog).toHaveTextContent('An unsubscribe link is added to every promotional email.');
    expect(dialog).not.toHaveTextContent('Dubai time');
    await fill(user, within(dialog).getByLabelText('English text'), 'Classic cars this Thursday.');
    await waitFor(() => expect(previewed(fetch)).toContain('Classic cars this Thursday.'));
    expect(previewed(fetch).some((body) => body.includes(OPT_OUT_EN))).toBe(false);
  });

  it('says the quiet hours of Settings, Business to a role that may only use Alerts, from the campaign options', async () => {
    const { fetch } = setup({}, { Alerts: 'all' });
    const dialog = await findDialog('New WhatsApp campaign');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Promotional WhatsApp messages go out between 07:30 and 22:00 Dubai time; those written outside wait for 07:30. The approved template carries its own opt-out.',
      ),
    );
    expect(calls(fetch, '/api/business/settings')).toHaveLength(0);
  });

  it('says when the messages go out of a campaign sent during the quiet hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-01T19:30:00Z')); // 23:30 in Dubai
    const { fetch, user } = setup();
    await waitFor(() => expect(calls(fetch, '/api/alerts/campaigns/options').length).toBeGreaterThan(0));
    await sendNow(user, 'New WhatsApp campaign');
    expect(await screen.findByText('Classic cars is being sent to 2 members.')).toBeInTheDocument();
    expect(screen.getByText('Written during the quiet hours: the messages go out at 07:30 on 02/05/2031 (Dubai time).')).toBeInTheDocument();
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/campaigns/send')[0]!).body).toMatchObject({ channel: 'whatsapp', templateId: 'p1', bodyEn: promotion.bodyEn });
  });

  it('says nothing of the quiet hours for a campaign sent in the day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-01T08:00:00Z')); // 12:00 in Dubai
    const { fetch, user } = setup();
    await waitFor(() => expect(calls(fetch, '/api/alerts/campaigns/options').length).toBeGreaterThan(0));
    await sendNow(user, 'New WhatsApp campaign');
    expect(await screen.findByText('Classic cars is being sent to 2 members.')).toBeInTheDocument();
    expect(screen.queryByText(/Written during the quiet hours/)).not.toBeInTheDocument();
  });
});
