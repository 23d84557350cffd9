import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type VerifyOtpRequest = components['schemas']['VerifyOtpRequest'];
type VerifyOtpResponse = components['schemas']['VerifyOtpResponse'];

/** POST /api/verify-otp: answers the reset token. The token may be missing from a faulty answer. */
export function verifyOtp(body: VerifyOtpRequest): Promise<Partial<VerifyOtpResponse> | undefined> {
  return apiRequest<Partial<VerifyOtpResponse> | undefined>('/verify-otp', { method: 'POST', body, auth: false });
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
