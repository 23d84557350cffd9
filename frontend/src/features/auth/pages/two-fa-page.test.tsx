import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startResendCooldown } from '@/features/auth/lib/reset-flow';
import { TwoFaPage } from '@/features/auth/pages/two-fa-page';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function arrive() {
  window.sessionStorage.setItem('resetEmail', 'admin@example.com');
  startResendCooldown();
  return renderWithProviders(<TwoFaPage />, { path: '/two-fa' });
}

describe('code entry page', () => {
  it('sends back to forgot-password without an email', () => {
    renderWithProviders(<TwoFaPage />, { path: '/two-fa' });
    expect(screen.getByText('path: /forgot-password')).toBeInTheDocument();
  });

  it('disables "Resend code" during the 60 s countdown', () => {
    arrive();
    expect(screen.getByRole('heading', { name: 'Enter the code' })).toBeInTheDocument();
    // The first render under jsdom can take a few seconds, so the countdown may have moved on a little.
    expect(screen.getByRole('button', { name: /^Resend code in 0:5\d$/ })).toBeDisabled();
  });

  it('reads "Resend code in 0:59" on arrival (clock frozen)', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    try {
      arrive();
      expect(screen.getByRole('button', { name: 'Resend code in 0:59' })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("enables \"Resend code\" at zero and shows the server's 429 message", async () => {
    window.sessionStorage.setItem('resetEmail', 'admin@example.com');
    mockFetch({ 'POST /api/resend-otp': { status: 429, body: { message: 'Please wait 42 seconds before requesting a new code.', retryAfter: 42 } } });
    renderWithProviders(<TwoFaPage />, { path: '/two-fa' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 42 seconds before requesting a new code.');
    expect(screen.getByRole('button', { name: /Resend code in 0:4\d/ })).toBeDisabled();
  });

  it('keeps the reset token from verify-otp and moves on', async () => {
    const fetch = mockFetch({ 'POST /api/verify-otp': { body: { token: 'reset-1' } } });
    arrive();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('path: /reset-password')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('resetToken')).toBe('reset-1');
    expect(sentRequest(fetch, 0).body).toEqual({ email: 'admin@example.com', otp: '123456' });
  });

  it('says so when verify-otp answers without a token', async () => {
    mockFetch({ 'POST /api/verify-otp': { body: {} } });
    arrive();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No token received from server');
  });
});
