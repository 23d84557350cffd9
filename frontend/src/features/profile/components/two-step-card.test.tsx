import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { findDialog } from '@/test/dialog';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { meWith } from '@/test/me';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

const CODES = Array.from({ length: 10 }, (_, n) => `abcd${n}-efgh${n}`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Gavel:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Gavel', issuer: 'Gavel', accountName: 'admin@example.com' };
const ON = { enabled: true, required: false, setupDue: false, enabledAt: '2026-11-25T08:00:00Z', recoveryCodesLeft: 7 };

function setup(api: MockRoutes, twoStep?: typeof ON) {
  const me = meWith({});
  const fetch = mockFetch({ 'GET /api/auth/me': { body: twoStep ? { ...me, twoStep } : me }, ...api });
  renderWithProviders(<ProfilePage />, { path: '/profile' });
  return { fetch, user: userEvent.setup() };
}

const callsTo = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.filter(([called]) => called === url).length;
const bodyOf = (fetch: ReturnType<typeof mockFetch>, url: string) => sentRequest(fetch, fetch.mock.calls.findIndex(([called]) => called === url)).body;

describe('profile: two-step sign-in', () => {
  it('turns it on with a QR code and a current code, and shows the recovery codes once', async () => {
    const { fetch, user } = setup({
      'POST /api/auth/two-step/setup': { body: SETUP },
      'POST /api/auth/two-step/enable': { body: { recoveryCodes: CODES, twoStep: { ...ON, recoveryCodesLeft: 10 } } },
    });
    const card = (await screen.findByText('Two-step sign-in')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Off')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Turn on two-step sign-in' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup key')).toHaveValue(SETUP.secret);
    await fill(user, screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(bodyOf(fetch, '/api/auth/two-step/enable')).toEqual({ code: '123456' });
    const before = callsTo(fetch, '/api/auth/me');
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(callsTo(fetch, '/api/auth/me')).toBe(before + 1));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('shows a wrong confirming code at the field', async () => {
    setup({
      'POST /api/auth/two-step/setup': { body: SETUP },
      'POST /api/auth/two-step/enable': {
        status: 422,
        body: { message: 'The code is incorrect. Please try again.', errors: [{ field: 'code', message: 'The code is incorrect. Please try again.' }] },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    await fill(user, await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const field = screen.getByLabelText('Authentication code');
    await waitFor(() => expect(field).toHaveAccessibleDescription('The code is incorrect. Please try again.'));
  });

  it('tells the status and turns it off with the password', async () => {
    const { fetch, user } = setup({ 'POST /api/auth/two-step/disable': { body: { ...ON, enabled: false } } }, ON);
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await findDialog('Turn off two-step sign-in');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter your password or a code')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/two-step/disable')).toBe(0);

    await fill(user, within(dialog).getByLabelText('Password'), 'Yard-Keeper-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step sign-in is off')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/auth/two-step/disable')).toEqual({ password: 'Yard-Keeper-2026', code: null });
  });

  it('makes new recovery codes with a current code and shows them', async () => {
    const { fetch, user } = setup({ 'POST /api/auth/two-step/recovery-codes': { body: { recoveryCodes: CODES, twoStep: { ...ON, recoveryCodesLeft: 10 } } } }, ON);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await findDialog('Your old recovery codes stop working. Confirm with your password or a current code from your authenticator app.');
    await fill(user, within(dialog).getByLabelText('Or a code from your app'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'New recovery codes' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(bodyOf(fetch, '/api/auth/two-step/recovery-codes')).toEqual({ password: null, code: '246810' });
  });

  it('says when the role requires it', async () => {
    setup({}, { ...ON, required: true });
    expect(await screen.findByText('Your role requires two-step sign-in.')).toBeInTheDocument();
  });
});
