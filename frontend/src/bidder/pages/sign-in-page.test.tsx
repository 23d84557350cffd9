import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BIDDER_TOKEN_KEY, getBidderToken } from '@/bidder/lib/bidder-token';
import { installFakeSockets } from '@/bidder/test/fake-socket';
import { bidderEvent, me } from '@/bidder/test/fixtures';
import { renderBidder } from '@/bidder/test/render';
import { saveToken } from '@/lib/token-storage';
import { mockFetch, sentRequest } from '@/test/fetch-mock';
import { fill } from '@/test/fill';

describe('bidder sign-in', () => {
  beforeEach(installFakeSockets);

  it('goes address → 6-digit code → signed in, keeps its own token, and never sends the staff token', async () => {
    saveToken('staff-token', true);
    const fetch = mockFetch({
      'POST /api/bidder/sign-in': { body: { message: 'If this address belongs to a member, a code is on its way.' } },
      'POST /api/bidder/verify': (init) =>
        (JSON.parse(String(init?.body)) as { code: string }).code === '123456'
          ? { body: { token: 'bid_abc', bidder: me, session: {} } }
          : { status: 400, body: { message: 'This code is wrong or has expired.', errors: [{ field: 'code', message: 'This code is wrong or has expired.' }] } },
      'GET /api/bidder/me': { body: { bidder: me } },
      'GET /api/bidder/events': { body: { data: [bidderEvent()] } },
    });
    renderBidder('/bid');
    const user = userEvent.setup();

    expect(await screen.findByText('Sign in to bid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your email address or mobile number.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email or mobile number'), ' 050 123 4567 ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/If 050 123 4567 belongs to an approved member/)).toBeInTheDocument();
    expect(sentRequest(fetch, 0).body).toEqual({ address: '050 123 4567' });

    await fill(user, screen.getByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('6-digit code'), '9');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This code is wrong or has expired.')).toBeInTheDocument();
    expect(getBidderToken()).toBeNull();

    await user.clear(screen.getByLabelText('6-digit code'));
    await fill(user, screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Dubai Saturday sale')).toBeInTheDocument();
    expect(screen.getByText('Khalid · Paddle 214')).toBeInTheDocument();

    expect(window.localStorage.getItem(BIDDER_TOKEN_KEY)).toBe('bid_abc');
    expect(window.localStorage.getItem('token')).toBe('staff-token');
    const calls = fetch.mock.calls.map(([url], index) => ({ url: String(url), auth: sentRequest(fetch, index).headers.Authorization }));
    expect(calls.every((call) => call.url.startsWith('/api/bidder/'))).toBe(true);
    expect(calls.filter((call) => call.auth !== undefined).every((call) => call.auth === 'Bearer bid_abc')).toBe(true);
    expect(calls.find((call) => call.url === '/api/bidder/events')?.auth).toBe('Bearer bid_abc');
  });

  it('signs out: the bidder token goes, the staff token stays, and the sign-in shows again', async () => {
    saveToken('staff-token', true);
    window.localStorage.setItem(BIDDER_TOKEN_KEY, 'bid_abc');
    const fetch = mockFetch({
      'GET /api/bidder/me': { body: { bidder: me } },
      'GET /api/bidder/events': { body: { data: [] } },
      'POST /api/bidder/sign-out': { body: { message: 'Signed out.' } },
    });
    renderBidder('/bid');
    expect(await screen.findByText('No auctions are coming up. Check again soon.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign in to bid')).toBeInTheDocument();
    expect(getBidderToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('staff-token');
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toContain('POST /api/bidder/sign-out');
  });

  it('a refused bidder session (401) ends on this device and shows the sign-in', async () => {
    window.localStorage.setItem(BIDDER_TOKEN_KEY, 'bid_old');
    mockFetch({ 'GET /api/bidder/me': { status: 401, body: { message: 'Your session has ended.' } }, 'GET /api/bidder/events': { status: 401, body: {} } });
    renderBidder('/bid/events/ev1');
    expect(await screen.findByText('Sign in to bid')).toBeInTheDocument();
    expect(getBidderToken()).toBeNull();
  });
});
