/** Set before an inactivity logout; the login page shows the notice once. */
const REASON_KEY = 'logoutReason';

export function markInactivityLogout(): void {
  window.sessionStorage.setItem(REASON_KEY, 'inactivity');
}

export function wasInactivityLogout(): boolean {
  return window.sessionStorage.getItem(REASON_KEY) === 'inactivity';
}

export function clearLogoutReason(): void {
  window.sessionStorage.removeItem(REASON_KEY);
}
