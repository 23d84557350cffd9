import { ApiError } from '@/api/api-error';
import { beginBusy, endBusy } from '@/api/busy';
import { currentLanguage } from '@/lib/i18n/language';
import { clearToken, getToken } from '@/lib/token-storage';

export const API_BASE = '/api';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** false for the public auth calls: no session token, no busy flag, no 401 handling. Default true. */
  auth?: boolean;
  /** An explicit bearer for a public call (the reset token of reset-password). */
  bearer?: string;
  /** An authenticated call that leaves the busy flag alone (background keep-alive). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** Where a refused session leaves the sentence the sign-in page shows once (an administrator ended it). */
export const SIGN_OUT_NOTICE_KEY = 'signOutNotice';

/** A refused session's answer: when an administrator ended it, the sentence for the sign-in page is kept. */
export function keepSignOutNotice(data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const { code, reason } = data as { code?: unknown; reason?: unknown };
  if (code === 'session_ended_by_admin' && typeof reason === 'string') window.sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, reason);
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * The one fetch wrapper: JSON in and out, bearer token, errors as ApiError carrying the server's message.
 * Any 401 on an authenticated call clears the token; the route guard then sends the user to /login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, bearer, silent = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : bearer;
  if (token) headers.Authorization = `Bearer ${token}`;

  const busy = auth && !silent;
  if (busy) beginBusy();
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && auth) {
        keepSignOutNotice(data);
        clearToken();
      }
      throw new ApiError(response.status, data);
    }
    return data as T;
  } finally {
    if (busy) endBusy();
  }
}
