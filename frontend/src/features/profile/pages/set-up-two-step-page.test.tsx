import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '@/api/me';
import { SetUpTwoStepPage } from '@/features/profile/pages/set-up-two-step-page';
import { mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Gavel:a%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Gavel', issuer: 'Gavel', accountName: 'a@example.com' };

describe('set up two-step sign-in before anything else', () => {
  it('explains why, sets it up and keeps the codes on screen until they are saved', async () => {
    const fetch = mockFetch({
      'POST /api/auth/two-step/setup': { body: SETUP },
      'POST /api/auth/two-step/enable': { body: { recoveryCodes: ['aaaaa-bbbbb'], twoStep: { enabled: true, required: true, setupDue: false, recoveryCodesLeft: 1 } } },
    });
    const { queryClient } = renderWithProviders(<SetUpTwoStepPage />, { path: '/dashboard' });
    queryClient.setQueryData(meQueryKey, { twoStep: { setupDue: true } });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(/Your role requires two-step sign-in\. Set it up to continue\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    await fill(user, await screen.findByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('aaaaa-bbbbb')).toBeInTheDocument();
    // `me` is left alone while the codes are on screen, and refreshed once they are saved.
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(false);
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/two-step/setup', '/api/auth/two-step/enable']);
  });
});
