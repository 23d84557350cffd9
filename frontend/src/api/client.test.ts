import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { isBusy, subscribeBusy } from '@/api/busy';
import { apiRequest } from '@/api/client';
import { getToken, saveToken } from '@/lib/token-storage';
import { mockFetch, sentRequest } from '@/test/fetch-mock';

describe('api client', () => {
  it('sends JSON with the session token as bearer', async () => {
    saveToken('session-1', true);
    const fetch = mockFetch({ 'POST /api/things': { body: { ok: true } } });
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const sent = sentRequest(fetch, 0);
    expect(sent.body).toEqual({ a: 1 });
    expect(sent.headers.Authorization).toBe('Bearer session-1');
  });

  it('sends no session token on public calls, but an explicit bearer when given', async () => {
    saveToken('session-1', true);
    const fetch = mockFetch({ 'POST /api/reset-password': { body: { message: 'ok' } } });
    await apiRequest('/reset-password', { method: 'POST', auth: false });
    await apiRequest('/reset-password', { method: 'POST', auth: false, bearer: 'reset-9' });
    expect(sentRequest(fetch, 0).headers.Authorization).toBeUndefined();
    expect(sentRequest(fetch, 1).headers.Authorization).toBe('Bearer reset-9');
  });

  it("turns an error answer into an ApiError carrying the server's message", async () => {
    mockFetch({ 'GET /api/things': { status: 409, body: { message: 'Already exists', errors: [{ field: 'a', message: 'x' }] } } });
    const error = await apiRequest('/things').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Already exists', errors: [{ field: 'a', message: 'x' }] });
  });

  it('clears the token on a 401 of an authenticated call', async () => {
    saveToken('expired', false);
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Session expired' } } });
    await expect(apiRequest('/auth/me')).rejects.toThrow('Session expired');
    expect(getToken()).toBeNull();
  });

  it('keeps the token on a 401 of a public call', async () => {
    saveToken('kept', true);
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    await expect(apiRequest('/auth/login', { method: 'POST', auth: false })).rejects.toThrow('Invalid email or password');
    expect(getToken()).toBe('kept');
  });

  it('sets the busy flag during authenticated calls only', async () => {
    mockFetch({ 'GET /api/things': { body: {} } });
    const seen: boolean[] = [];
    const unsubscribe = subscribeBusy(() => seen.push(isBusy()));
    await apiRequest('/things');
    await apiRequest('/things', { auth: false });
    await apiRequest('/things', { silent: true });
    unsubscribe();
    expect(seen).toEqual([true, false]);
  });
});
