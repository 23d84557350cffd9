/** The forgot-password flow keeps its state in sessionStorage so a reload stays on the same step. */
const EMAIL_KEY = 'resetEmail';
const TOKEN_KEY = 'resetToken';
const RESEND_AT_KEY = 'resendAvailableAt';

export const RESEND_COOLDOWN_SECONDS = 60;

export function getResetEmail(): string | null {
  return window.sessionStorage.getItem(EMAIL_KEY);
}

export function setResetEmail(email: string): void {
  window.sessionStorage.setItem(EMAIL_KEY, email);
}

export function getResetToken(): string | null {
  return window.sessionStorage.getItem(TOKEN_KEY);
}

export function setResetToken(token: string): void {
  window.sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearResetToken(): void {
  window.sessionStorage.removeItem(TOKEN_KEY);
}

/** Epoch ms when "Resend code" becomes available. */
export function getResendAvailableAt(): number {
  const value = Number(window.sessionStorage.getItem(RESEND_AT_KEY));
  return Number.isFinite(value) ? value : 0;
}

export function startResendCooldown(seconds = RESEND_COOLDOWN_SECONDS, now = Date.now()): void {
  window.sessionStorage.setItem(RESEND_AT_KEY, String(now + seconds * 1000));
}

export function clearResetFlow(): void {
  [EMAIL_KEY, TOKEN_KEY, RESEND_AT_KEY].forEach((key) => window.sessionStorage.removeItem(key));
}
