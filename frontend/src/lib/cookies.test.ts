import { describe, expect, it, vi } from 'vitest';
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';

describe('cookies', () => {
  it('writes path, expiry in days and the Secure flag', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void writes.push(value));
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2025, 0, 1));
    setCookie('token', 'a b', { days: 7, secure: true });
    expect(writes[0]).toBe('token=a%20b; path=/; SameSite=Lax; expires=Wed, 08 Jan 2025 00:00:00 GMT; Secure');
  });

  it('writes a session cookie on the root path by default (no Secure on http)', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void writes.push(value));
    setCookie('token', 'abc');
    expect(writes[0]).toBe('token=abc; path=/; SameSite=Lax');
  });

  it('reads and removes a cookie', () => {
    setCookie('theme-test', 'dark value');
    expect(getCookie('theme-test')).toBe('dark value');
    removeCookie('theme-test');
    expect(getCookie('theme-test')).toBeNull();
  });
});
