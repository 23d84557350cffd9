export interface CookieOptions {
  /** Lifetime in days; a session cookie when left out. */
  days?: number;
  path?: string;
  secure?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function isHttps(): boolean {
  return typeof window !== 'undefined' && window.location.protocol === 'https:';
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const { days, path = '/', secure = isHttps() } = options;
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${path}`, 'SameSite=Lax'];
  if (days !== undefined) parts.push(`expires=${new Date(Date.now() + days * DAY_MS).toUTCString()}`);
  if (secure) parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? null : decodeURIComponent(found.slice(prefix.length));
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
