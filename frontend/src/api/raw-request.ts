import { ApiError } from '@/api/api-error';
import { beginBusy, endBusy } from '@/api/busy';
import { API_BASE, keepSignOutNotice } from '@/api/client';
import { currentLanguage } from '@/lib/i18n/language';
import { clearToken, getToken } from '@/lib/token-storage';

/**
 * For the calls the JSON client cannot make: multipart uploads and file downloads. Same rules as apiRequest: bearer token, busy flag, a 401 clears the token, a failure throws ApiError with the server's message.
 */
export async function rawRequest(path: string, init: RequestInit): Promise<Response> {
  const token = getToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', currentLanguage());
  beginBusy();
  try {
    const response = await fetch(`${API_BASE}${path}`, { ...init, headers });
    if (!response.ok) {
      const raw = await response.text();
      let body: unknown = raw;
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        // not JSON: the fallback message is shown
      }
      if (response.status === 401) {
        keepSignOutNotice(body);
        clearToken();
      }
      throw new ApiError(response.status, body);
    }
    return response;
  } finally {
    endBusy();
  }
}
