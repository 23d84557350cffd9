import { getCookie, removeCookie, setCookie } from '@/lib/cookies';

/** The session token: localStorage when "Remember me" was ticked, otherwise a session cookie. */
const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getToken(): string | null {
  return window.localStorage.getItem(TOKEN_KEY) ?? getCookie(TOKEN_KEY);
}

export function saveToken(token: string, remember: boolean): void {
  window.localStorage.removeItem(TOKEN_KEY);
  removeCookie(TOKEN_KEY);
  if (remember) window.localStorage.setItem(TOKEN_KEY, token);
  else setCookie(TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  removeCookie(TOKEN_KEY);
  notify();
}

/** Calls the listener when the token changes here or, through localStorage, in another tab. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
