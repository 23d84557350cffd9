import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '@/features/alerts/api/get-messages';
import { CampaignModal } from '@/features/alerts/components/campaign-modal';
import { campaign, template } from '@/features/alerts/test/alerts-fixtures';
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

const preview = (init: RequestInit | undefined) => {
  const asked = JSON.parse(String(init?.body)) as { body: string };
  return { body: { subject: null, body: asked.body, bodyHtml: null, variables: [], sms: null } };
};

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING, channel: Channel = 'whatsapp') {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'GET /api/business/settings': { body: { promoQuietFrom: '22:00', promoQuietUntil: '07:30' } },
    'POST /api/alerts/templates/get': { body: { data: [template({ channel }), promotion, unnamed] } },
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

  it('lists the channel’s promotion templates with their Meta template names and fills the texts from the one picked', async () => {
    const { user } = setup();
    const dialog = await findDialog('New WhatsApp campaign');
    await user.click(within(dialog).getByRole('combobox', { name: 'Promotion template' }));
    expect(await screen.findByRole('option', { name: 'Classic cars (gavel_classic_cars)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Spring sale' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Member approved/ })).not.toBeInTheDocument(); // event templates are not offered
    await user.click(screen.getByRole('option', { name: 'Classic cars (gavel_classic_cars)' }));
    await waitFor(() => expect(within(dialog).getByLabelText('English text')).toHaveValue(promotion.bodyEn));
    expect(within(dialog).getByLabelText('Arabic text')).toHaveValue(promotion.bodyAr);
    expect(dialog).toHaveTextContent('Sent through Meta as the approved template gavel_classic_cars.');
    await pickOption(user, 'Promotion template', 'Spring sale');
    await waitFor(() => expect(dialog).toHaveTextContent("This template names no Meta template: Meta's WhatsApp API refuses its messages (Twilio sends them)."));
  });

  it('says the quiet hours of Settings, Business', async () => {
    setup();
    const dialog = await findDialog('New WhatsApp campaign');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Promotional SMS and WhatsApp messages go out between 07:30 and 22:00 Dubai time (Settings, Business) and end with the opt-out text; those written outside wait for 07:30.',
      ),
    );
  });

  it('says the default quiet hours to a role that may not read the business settings, without asking for them', async () => {
    const { fetch } = setup({}, { Alerts: 'all' });
    const dialog = await findDialog('New WhatsApp campaign');
    expect(dialog).toHaveTextContent('go out between 08:00 and 21:00 Dubai time');
    await waitFor(() => expect(calls(fetch, '/api/alerts/templates/get').length).toBeGreaterThan(0));
    expect(calls(fetch, '/api/business/settings')).toHaveLength(0);
  });

  it('says when the messages go out of a campaign sent during the quiet hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-01T19:30:00Z')); // 23:30 in Dubai
    const { fetch, user } = setup();
    await waitFor(() => expect(calls(fetch, '/api/business/settings').length).toBeGreaterThan(0));
    await sendNow(user, 'New WhatsApp campaign');
    expect(await screen.findByText('Classic cars is being sent to 2 members.')).toBeInTheDocument();
    expect(screen.getByText('Written during the quiet hours: the messages go out at 07:30 on 02/05/2031 (Dubai time).')).toBeInTheDocument();
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/campaigns/send')[0]!).body).toMatchObject({ channel: 'whatsapp', templateId: 'p1', bodyEn: promotion.bodyEn });
  });

  it('says nothing of the quiet hours for a campaign sent in the day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-01T08:00:00Z')); // 12:00 in Dubai
    const { fetch, user } = setup();
    await waitFor(() => expect(calls(fetch, '/api/business/settings').length).toBeGreaterThan(0));
    await sendNow(user, 'New WhatsApp campaign');
    expect(await screen.findByText('Classic cars is being sent to 2 members.')).toBeInTheDocument();
    expect(screen.queryByText(/Written during the quiet hours/)).not.toBeInTheDocument();
  });
});
