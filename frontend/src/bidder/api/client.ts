import { ApiError } from '@/api/api-error';
import { clearBidderToken, getBidderToken } from '@/bidder/lib/bidder-token';
import { noteServerTime } from '@/bidder/lib/server-clock';

export interface BidderRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The bidder page's fetch: only ever /api/bidder/..., only ever the bidder token (the staff token is never read
 * here). An answer carrying `serverTime` sets the server clock's offset. A 401 ends the bidder session on this device; the page then shows the sign-in.
 */
export async function bidderRequest<T>(path: string, { method = 'GET', body, signal }: BidderRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getBidderToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const sentAt = Date.now();
  const response = await fetch(`/api/bidder${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const raw = await response.text();
  let data: unknown;
  try {
    data = raw === '' ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    data = raw;
  }
  const serverTime = typeof data === 'object' && data !== null ? (data as { serverTime?: unknown }).serverTime : undefined;
  if (typeof serverTime === 'string') noteServerTime(serverTime, sentAt, Date.now());
  if (!response.ok) {
    if (response.status === 401 && token) clearBidderToken();
    throw new ApiError(response.status, data);
  }
  return data as T;
}
