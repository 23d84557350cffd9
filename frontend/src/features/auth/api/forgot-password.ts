import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type ForgotPasswordRequest = components['schemas']['ForgotPasswordRequest'];
type MessageResponse = components['schemas']['MessageResponse'];

/** POST /api/forgot-password: mails a one-time code (same answer for unknown emails). */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/forgot-password', { method: 'POST', body, auth: false });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
