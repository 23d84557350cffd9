import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey } from '@/api/me';
import type { components } from '@/api/schema';

export type PasswordChange = components['schemas']['PasswordChange'];
type MessageResponse = components['schemas']['MessageResponse'];

/** PUT /api/auth/change-password: the current password is required; the user's other sessions end. */
export function changePassword(body: PasswordChange): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/change-password', { method: 'PUT', body });
}

/** Refreshes GET /api/auth/me afterwards, which clears `mustChangePassword`. */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
