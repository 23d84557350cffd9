import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type ResetPasswordRequest = components['schemas']['ResetPasswordRequest'];
type MessageResponse = components['schemas']['MessageResponse'];

interface ResetPasswordVariables {
  body: ResetPasswordRequest;
  resetToken: string;
}

/** POST /api/reset-password with the reset token from verify-otp as the bearer. */
export function resetPassword({ body, resetToken }: ResetPasswordVariables): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/reset-password', { method: 'POST', body, auth: false, bearer: resetToken });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
