import { describe, expect, it } from 'vitest';
import { SIGN_OUT_NOTICE_KEY } from '@/api/client';
import { rawRequest } from '@/api/raw-request';
import { getToken, saveToken } from '@/lib/token-storage';
import { mockFetch } from '@/test/fetch-mock';

describe('uploads and downloads (rawRequest)', () => {
  it('keeps the sentence of a session an administrator ended, as the JSON client does, and clears the token', async () => {
    window.sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
    saveToken('ended', true);
    const reason = 'Your session was ended by an administrator at 14:02.';
    mockFetch({
      'POST /api/uploads': { status: 401, body: { message: 'Your session has ended. Please sign in again.', errors: [], code: 'session_ended_by_admin', reason } },
    });
    await expect(rawRequest('/uploads', { method: 'POST', body: new FormData() })).rejects.toThrow('Your session has ended. Please sign in again.');
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem(SIGN_OUT_NOTICE_KEY)).toBe(reason);
    window.sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  });

  it('keeps no sentence for a session that ended otherwise', async () => {
    window.sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
    saveToken('expired', true);
    mockFetch({ 'GET /api/invoices/i1/pdf': { status: 401, body: { message: 'Your session has ended. Please sign in again.', errors: [] } } });
    await expect(rawRequest('/invoices/i1/pdf', { method: 'GET' })).rejects.toThrow('Your session has ended');
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem(SIGN_OUT_NOTICE_KEY)).toBeNull();
  });
});
