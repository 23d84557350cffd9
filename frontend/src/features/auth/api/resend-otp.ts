import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type ResendOtpRequest = components['schemas']['ForgotPasswordRequest'];
export type ResendOtpResponse = components['schemas']['ResendOtpResponse'];

/** POST /api/resend-otp: a fresh code after the cooldown; 429 carries `retryAfter` seconds. */
export function resendOtp(body: ResendOtpRequest): Promise<ResendOtpResponse> {
  return apiRequest<ResendOtpResponse>('/resend-otp', { method: 'POST', body, auth: false });
}

export function useResendOtpMutation() {
  return useMutation({ mutationFn: resendOtp });
}
