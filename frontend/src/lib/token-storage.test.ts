import { describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, saveToken, subscribeToken } from '@/lib/token-storage';

describe('token storage', () => {
  it('keeps a remembered token in localStorage', () => {
    saveToken('abc', true);
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(document.cookie).not.toContain('token=');
    expect(getToken()).toBe('abc');
  });

  it('keeps a token that is not remembered in a cookie', () => {
    saveToken('xyz', false);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(document.cookie).toContain('token=xyz');
    expect(getToken()).toBe('xyz');
  });

  it('replaces the other storage when the choice changes', () => {
    saveToken('old', true);
    saveToken('new', false);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('new');
  });

  it('clears both places and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    saveToken('abc', true);
    clearToken();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    saveToken('def', true);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
