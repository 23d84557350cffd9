import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Channel } from '@/features/alerts/api/get-messages';
import { TemplatesTab } from '@/features/alerts/components/templates-tab';
import { campaignOptions, template } from '@/features/alerts/test/alerts-fixtures';
import { findDialog, queryDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const PROMOTION_VARIABLES = [
  { name: 'member.firstName', description: 'First name' },
  { name: 'business.name', description: "The business's legal name" },
];
const promotion = template({ _id: 'p1', event: null, name: 'Classic cars', description: null, bodyEn: 'Classic cars this Thursday, {{ member.firstName }}.', bodyAr: 'سيارات كلاسيكية هذا الخميس.', variables: PROMOTION_VARIABLES });
const rejected = template({ _id: 't2', event: 'memberRejected', name: 'Member rejected', description: 'A registration is rejected' });

/** The preview answers the text with the sample name in, and a promotion's variables. */
const preview = (init: RequestInit | undefined) => {
  const asked = JSON.parse(String(init?.body)) as { body: string };
  const body = asked.body.replace('{{ member.firstName }}', 'Khalid');
  return { body: { subject: null, body, bodyHtml: null, variables: PROMOTION_VARIABLES, sms: { encoding: 'GSM-7', characters: body.length, units: body.length, segments: 1, perSegment: 160, remaining: 160 - body.length } } };
};

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING, channel: Channel = 'sms', templates = [template(), rejected, promotion]) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/alerts/templates/get': { body: { data: templates } },
    'GET /api/alerts/switches': { body: { data: [] } },
    'POST /api/alerts/templates/preview': preview,
    'GET /api/alerts/campaigns/options': { body: campaignOptions() },
    ...api,
  });
  const rendered = renderWithProviders(<TemplatesTab channel={channel} />);
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string, method: string) =>
  fetch.mock.calls.flatMap(([called, init], index) => (called === url && init?.method === method ? [index] : []));

describe('Promotion templates', () => {
  it('writes a new promotion template with its live preview, and says so', async () => {
    const created = template({ _id: 'p2', event: null, name: 'Spring sale', description: null });
    const { fetch, user } = setup({ 'POST /api/alerts/templates': { status: 201, body: created } });
    await user.click(await screen.findByRole('button', { name: /New promotion template/ }));
    const dialog = await findDialog('New SMS promotion template');
    await waitFor(() => expect(dialog).toHaveTextContent('{{ member.firstName }}'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Spring sale');
    await fill(user, within(dialog).getByLabelText('English text'), 'Spring sale, {{ member.firstName }}!');
    const arabic = within(dialog).getByLabelText('Arabic text');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await fill(user, arabic, 'تخفيضات الربيع');
    // A promotion's SMS ends with the opt-out text of Settings, Business: the preview shows it, counted in the segments.
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'English preview' })).toHaveTextContent('Spring sale, Khalid! To opt out send B AD-GAVEL to 7726'));
    expect(within(dialog).queryByLabelText('Twilio Content SID (English)')).not.toBeInTheDocument(); // WhatsApp's only
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Spring sale created.')).toBeInTheDocument();
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/templates', 'POST')[0]!).body).toEqual({
      channel: 'sms',
      name: 'Spring sale',
      subjectEn: null,
      subjectAr: null,
      bodyEn: 'Spring sale, {{ member.firstName }}!',
      bodyAr: 'تخفيضات الربيع',
      whatsappTemplateName: null,
    });
    await waitFor(() => expect(queryDialog('New SMS promotion template')).toBeUndefined());
  });

  it('shows the server’s refusal of a name the channel already has at the name field, and keeps the dialog', async () => {
    const taken = 'The SMS channel already has a template named "Classic cars".';
    const { user } = setup({ 'POST /api/alerts/templates': { status: 409, body: { message: taken, errors: [{ field: 'name', message: taken }] } } });
    await user.click(await screen.findByRole('button', { name: /New promotion template/ }));
    const dialog = await findDialog('New SMS promotion template');
    const name = within(dialog).getByLabelText('Name');
    await fill(user, name, 'classic cars');
    await fill(user, within(dialog).getByLabelText('English text'), 'Hello');
    await fill(user, within(dialog).getByLabelText('Arabic text'), 'مرحباً');
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(name.closest('.ant-form-item') as HTMLElement).findByText(taken)).toBeInTheDocument();
  });

  it('deletes a promotion template after asking, in the server’s words; an event’s template has no Delete', async () => {
    const { fetch, user } = setup({ 'DELETE /api/alerts/templates/p1': { body: { message: 'The template "Classic cars" was deleted.' } } });
    await screen.findByRole('tab', { name: /^Classic cars/ });
    expect(screen.queryByRole('button', { name: 'Delete Member approved' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Classic cars' }));
    const ask = await findDialog('Delete Classic cars?');
    expect(ask).toHaveTextContent('Campaigns already written keep their own copy of the texts.');
    expect(screen.queryByLabelText('English text')).not.toBeInTheDocument(); // the click did not open the panel
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The template "Classic cars" was deleted.')).toBeInTheDocument();
    expect(calls(fetch, '/api/alerts/templates/p1', 'DELETE')).toHaveLength(1);
  });

  it('shows why a template a campaign still uses is not deleted', async () => {
    const refusal = '"Classic cars" is used by campaigns not yet sent: "Thursday" (draft). Send or cancel them, or choose another template in them, before deleting it.';
    const { user } = setup({ 'DELETE /api/alerts/templates/p1': { status: 409, body: { message: refusal, errors: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Delete Classic cars' }));
    await user.click(within(await findDialog('Delete Classic cars?')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('shows the Meta template name of a WhatsApp promotion template', async () => {
    setup({}, EVERYTHING, 'whatsapp', [template({ channel: 'whatsapp' }), { ...promotion, channel: 'whatsapp', whatsappTemplateName: 'gavel_classic_cars' }]);
    expect(await screen.findByRole('tab', { name: /Meta template: gavel_classic_cars/ })).toBeInTheDocument();
  });

  it('saves the Twilio Content SIDs of a WhatsApp promotion template, checking their shape first', async () => {
    const whatsappPromotion = { ...promotion, channel: 'whatsapp' as const, whatsappTemplateName: 'gavel_classic_cars', twilioContentSidEn: null, twilioContentSidAr: null };
    const sid = `HX${'0123456789abcdef'.repeat(2)}`;
    const { fetch, user } = setup(
      { 'PUT /api/alerts/templates/p1': { body: { ...whatsappPromotion, twilioContentSidEn: sid } } },
      EVERYTHING,
      'whatsapp',
      [template({ channel: 'whatsapp' }), whatsappPromotion],
    );
    await user.click(await screen.findByRole('tab', { name: /^Classic cars/ }));
    const english = await screen.findByLabelText('Twilio Content SID (English)');
    expect(screen.getByLabelText('Twilio Content SID (Arabic)')).toHaveValue('');
    expect(screen.getByText('Needed only when WhatsApp goes through Twilio: the Content SID Twilio gives the approved template in each language.')).toBeInTheDocument();
    // No opt-out line is added to a WhatsApp promotion: the approved template carries its own.
    await waitFor(() => expect(screen.getByRole('region', { name: 'English preview' })).toHaveTextContent('Classic cars this Thursday, Khalid.'));
    expect(screen.getByRole('region', { name: 'English preview' })).not.toHaveTextContent('To opt out');

    await fill(user, english, 'HX123');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('A Twilio Content SID is HX followed by 32 lower-case hex digits, e.g. HX0123456789abcdef0123456789abcdef.')).toBeInTheDocument();
    expect(calls(fetch, '/api/alerts/templates/p1', 'PUT')).toHaveLength(0);

    await user.clear(english);
    await fill(user, english, ` ${sid} `);
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Classic cars saved.')).toBeInTheDocument();
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/templates/p1', 'PUT')[0]!).body).toMatchObject({ twilioContentSidEn: sid, twilioContentSidAr: null, whatsappTemplateName: 'gavel_classic_cars' });
  });

  it('shows the server’s refusal of a Content SID at its field', async () => {
    const refusal = "A Twilio Content SID is HX followed by 32 lower-case hex digits, as Twilio's Content Template Builder shows it.";
    const { user } = setup(
      { 'POST /api/alerts/templates': { status: 422, body: { message: refusal, errors: [{ field: 'twilioContentSidAr', message: refusal }] } } },
      EVERYTHING,
      'whatsapp',
      [template({ channel: 'whatsapp' })],
    );
    await user.click(await screen.findByRole('button', { name: /New promotion template/ }));
    const dialog = await findDialog('New WhatsApp promotion template');
    await fill(user, within(dialog).getByLabelText('Name'), 'Spring sale');
    await fill(user, within(dialog).getByLabelText('English text'), 'Spring sale');
    await fill(user, within(dialog).getByLabelText('Arabic text'), 'تخفيضات الربيع');
    const arabicSid = within(dialog).getByLabelText('Twilio Content SID (Arabic)');
    await fill(user, arabicSid, `HX${'ab'.repeat(16)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(arabicSid.closest('.ant-form-item') as HTMLElement).findByText(refusal)).toBeInTheDocument();
  });

  it('offers neither New promotion template nor Delete without Alerts add and delete', async () => {
    setup({}, { Alerts: ['view', 'edit'] });
    await screen.findByRole('tab', { name: /^Classic cars/ });
    expect(screen.queryByRole('button', { name: /New promotion template/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Classic cars' })).not.toBeInTheDocument();
  });

  it('asks before another template’s opening throws away unsaved edits', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: /^Member approved/ }));
    const arabic = await screen.findByLabelText('Arabic text');
    await user.clear(arabic);
    await fill(user, arabic, 'نص لم يحفظ');

    await user.click(screen.getByRole('tab', { name: /^Member rejected/ }));
    const ask = await findDialog('Discard changes?');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(queryDialog('Discard changes?')).toBeUndefined());
    expect(screen.getByLabelText('Arabic text')).toHaveValue('نص لم يحفظ');
    expect(screen.getByRole('tab', { name: /^Member approved/ })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('tab', { name: /^Member rejected/ }));
    await user.click(within(await findDialog('Discard changes?')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Member rejected/ })).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('tab', { name: /^Member approved/ })).toHaveAttribute('aria-expanded', 'false');
    // The other template opens with its own saved texts, and switching from an untouched form asks nothing.
    await waitFor(() => expect(screen.getByLabelText('Arabic text')).toHaveValue(rejected.bodyAr));
    await user.click(screen.getByRole('tab', { name: /^Classic cars/ }));
    await waitFor(() => expect(screen.getByLabelText('Arabic text')).toHaveValue(promotion.bodyAr));
    expect(queryDialog('Discard changes?')).toBeUndefined();
  });
});
