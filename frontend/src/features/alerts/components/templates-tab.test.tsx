import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TemplatesTab } from '@/features/alerts/components/templates-tab';
import { template } from '@/features/alerts/test/alerts-fixtures';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];
type Body = { language: string; body: string };

const switches = { data: [{ event: 'memberApproved', channel: 'sms', enabled: true }] };

/** The preview answers what it was asked, 'rendered': the body with the sample name in, counted as UCS-2 when Arabic. */
const preview = (init: RequestInit | undefined) => {
  const asked = JSON.parse(String(init?.body)) as Body;
  if (asked.body.includes('buyer.name')) {
    return { status: 422, body: { message: 'The text uses the unknown variable buyer.name.', errors: [{ field: 'body', message: 'The text uses the unknown variable buyer.name.' }] } };
  }
  const body = asked.body.replace('{{ business.name }}', 'Gavel').replace('{{ member.firstName }}', 'Khalid');
  const arabic = asked.language === 'ar';
  return {
    body: {
      subject: null,
      body,
      bodyHtml: null,
      variables: [],
      sms: { encoding: arabic ? 'UCS-2' : 'GSM-7', characters: body.length, units: body.length, segments: 1, perSegment: arabic ? 70 : 160, remaining: (arabic ? 70 : 160) - body.length },
    },
  };
};

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/alerts/templates/get': { body: { data: [template(), template({ _id: 't2', event: 'memberRejected', name: 'Member rejected', description: 'A registration is rejected' })] } },
    'GET /api/alerts/switches': { body: switches },
    'POST /api/alerts/templates/preview': preview,
    ...api,
  });
  const rendered = renderWithProviders(<TemplatesTab channel="sms" />);
  return { ...rendered, fetch, user: userEvent.setup() };
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.flatMap(([called], index) => (called === url ? [index] : []));
const bodies = (fetch: ReturnType<typeof mockFetch>, url: string) => calls(fetch, url).map((index) => sentRequest(fetch, index).body as Body);

describe('Templates', () => {
  it('lists every event with its on/off switch; switching one off says so', async () => {
    const { fetch, user } = setup({ 'PUT /api/alerts/switches': { body: { event: 'memberApproved', channel: 'sms', enabled: false } } });
    expect(await screen.findByRole('tab', { name: /^Member approved/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Member rejected/ })).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Send Member approved by SMS' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText('Member approved is no longer sent by SMS.')).toBeInTheDocument();
    const put = fetch.mock.calls.findIndex(([url, init]) => url === '/api/alerts/switches' && init?.method === 'PUT');
    expect(sentRequest(fetch, put).body).toEqual({ event: 'memberApproved', channel: 'sms', enabled: false });
  });

  it('edits the Arabic SMS right to left with a live preview and its segments, and saves it', async () => {
    const { fetch, user } = setup({ 'PUT /api/alerts/templates/t1': (init) => ({ body: { ...template(), ...(JSON.parse(String(init?.body)) as object) } }) });
    await user.click(await screen.findByRole('tab', { name: /^Member approved/ }));
    const arabic = await screen.findByLabelText('Arabic text');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    const preview = await screen.findByRole('region', { name: 'Arabic preview' });
    await waitFor(() => expect(preview).toHaveTextContent('Gavel: مرحباً Khalid، تمت الموافقة على تسجيلك.'));
    expect(within(preview).getByRole('status')).toHaveTextContent(/characters · 1 segment \(UCS-2, \d+ left\)/);
    await user.clear(arabic);
    await fill(user, arabic, 'مرحباً {{ member.firstName }}، أهلاً بك في المزاد.');
    await waitFor(() => expect(preview).toHaveTextContent('مرحباً Khalid، أهلاً بك في المزاد.'));
    expect(bodies(fetch, '/api/alerts/templates/preview').filter((body) => body.language === 'ar').at(-1)).toMatchObject({ channel: 'sms', event: 'memberApproved', language: 'ar' });
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Member approved saved.')).toBeInTheDocument();
    expect(sentRequest(fetch, calls(fetch, '/api/alerts/templates/t1').at(-1)!).body).toMatchObject({ bodyAr: 'مرحباً {{ member.firstName }}، أهلاً بك في المزاد.' });
  });

  it('shows the preview’s refusal and the server’s unknown-variable error at the Arabic field', async () => {
    const refusal = 'The Arabic text uses the unknown variable buyer.name.';
    const { user } = setup({ 'PUT /api/alerts/templates/t1': { status: 422, body: { message: refusal, errors: [{ field: 'bodyAr', message: refusal }] } } });
    await user.click(await screen.findByRole('tab', { name: /^Member approved/ }));
    const arabic = await screen.findByLabelText('Arabic text');
    await user.clear(arabic);
    await fill(user, arabic, 'مرحباً {{ buyer.name }}');
    const preview = screen.getByRole('region', { name: 'Arabic preview' });
    expect(await within(preview).findByText('The text uses the unknown variable buyer.name.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    const field = arabic.closest('.ant-form-item') as HTMLElement;
    expect(await within(field).findByText(refusal)).toBeInTheDocument();
  });

  it('is read-only, switches included, without the Alerts edit privilege', async () => {
    const { user } = setup({}, { Alerts: ['view'] });
    expect(await screen.findByRole('switch', { name: 'Send Member approved by SMS' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: /^Member approved/ }));
    expect(await screen.findByLabelText('Arabic text')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save template' })).not.toBeInTheDocument();
  });
});
