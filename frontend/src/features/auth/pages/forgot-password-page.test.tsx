import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

async function sendCode(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('forgot password page', () => {
  it('keeps the email and moves on to the code entry', async () => {
    const fetch = mockFetch({ 'POST /api/forgot-password': { body: { message: 'If an account exists, we sent a code.' } } });
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await sendCode(' admin@example.com ');
    expect(await screen.findByText('path: /two-fa')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('resetEmail')).toBe('admin@example.com');
    expect(sentRequest(fetch, 0).body).toEqual({ email: 'admin@example.com' });
  });

  it("shows the server's message when throttled", async () => {
    mockFetch({ 'POST /api/forgot-password': { status: 429, body: { message: 'Too many requests. Try again in 10 minutes.' } } });
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
    await sendCode('admin@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 10 minutes.');
  });
});
