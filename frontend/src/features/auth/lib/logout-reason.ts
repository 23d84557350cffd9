import { SIGN_OUT_NOTICE_KEY } from '@/api/client';

/** Set before an inactivity logout; the login page shows the notice once. */
const REASON_KEY = 'logoutReason';

export function markInactivityLogout(): void {
  window.sessionStorage.setItem(REASON_KEY, 'inactivity');
}

export function wasInactivityLogout(): boolean {
  return window.sessionStorage.getItem(REASON_KEY) === 'inactivity';
}

/** The sentence of a session an administrator ended (kept by the API client from the 401), or null. */
export function signOutNotice(): string | null {
  return window.sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
}

export function clearLogoutReason(): void {
  window.sessionStorage.removeItem(REASON_KEY);
  window.sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
}
